//! The OpenAPI 3.1 document of the JSON API (`/openapi.json`), written from
//! the same descriptors as the code: one `POST /<package>.<Service>/<Method>`
//! per RPC (the Connect protocol's unary form; NDJSON or Server-Sent Events
//! for streamed answers, NDJSON bodies for streamed requests), a schema per
//! message in the canonical proto3 JSON mapping (lowerCamelCase names, enums
//! by name, 64-bit integers as strings, bytes as base64), the `.proto`
//! comments as descriptions, and Connect's error body.

use prost_types::{
    DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto,
    FileDescriptorSet, SourceCodeInfo,
    field_descriptor_proto::{Label, Type},
};
use serde_json::{Map, Value, json};

/// The document for every service of `package` in `set`; `inputs` is the
/// fingerprint the other generated files carry, so a test can tell a stale
/// document.
pub(crate) fn document(set: &FileDescriptorSet, package: &str, inputs: &str) -> Value {
    let mut paths = Map::new();
    let mut schemas = Map::new();
    for file in &set.file {
        let comments = Comments(file.source_code_info.as_ref());
        for (index, message) in file.message_type.iter().enumerate() {
            message_schemas(
                file,
                message,
                &format!(".{}", file.package()),
                &[4, index as i32],
                &comments,
                &mut schemas,
            );
        }
        for (index, enumeration) in file.enum_type.iter().enumerate() {
            let name = format!("{}.{}", file.package(), enumeration.name());
            schemas.insert(
                name,
                enum_schema(enumeration, comments.at(&[5, index as i32])),
            );
        }
        if file.package() != package {
            continue;
        }
        for (s, service) in file.service.iter().enumerate() {
            let service_name = format!("{}.{}", file.package(), service.name());
            for (m, method) in service.method.iter().enumerate() {
                let input = method.input_type().trim_start_matches('.');
                let output = method.output_type().trim_start_matches('.');
                let request_type = if method.client_streaming() {
                    "application/x-ndjson"
                } else {
                    "application/json"
                };
                let reference =
                    |name: &str| json!({ "$ref": format!("#/components/schemas/{name}") });
                let answer = if method.server_streaming() {
                    json!({
                        "application/x-ndjson": { "schema": reference(output) },
                        "text/event-stream": { "schema": { "type": "string", "description": format!("One `data:` event per {output}; an error as `event: error`.") } },
                    })
                } else {
                    json!({ "application/json": { "schema": reference(output) } })
                };
                let mut description = comments.at(&[6, s as i32, 2, m as i32]).unwrap_or_default();
                if method.client_streaming() {
                    description.push_str("\n\nThe request body is NDJSON: one request message a line, sent in order.");
                }
                if method.server_streaming() {
                    description.push_str("\n\nThe answer streams as NDJSON (the default) or Server-Sent Events (`Accept: text/event-stream`); an error after the first message ends it as a last line `{\"error\": {...}}`.");
                }
                paths.insert(
                    format!("/{service_name}/{}", method.name()),
                    json!({
                        "post": {
                            "operationId": format!("{}_{}", service.name(), method.name()),
                            "tags": [service_name],
                            "summary": format!("{}.{}", service.name(), method.name()),
                            "description": description.trim(),
                            "requestBody": {
                                "required": true,
                                "content": { request_type: { "schema": reference(input) } },
                            },
                            "responses": {
                                "200": { "description": "The answer.", "content": answer },
                                "default": {
                                    "description": "A gRPC status as Connect's error: HTTP 400 INVALID_ARGUMENT, 401 UNAUTHENTICATED, 429 RESOURCE_EXHAUSTED, 499 CANCELLED, 501 UNIMPLEMENTED, 503 UNAVAILABLE, ...",
                                    "content": { "application/json": { "schema": reference("connect.Error") } },
                                },
                            },
                        }
                    }),
                );
            }
        }
    }
    schemas.insert("connect.Error".to_owned(), connect_error());
    schemas.insert(
        "google.protobuf.Any".to_owned(),
        json!({ "type": "object", "properties": { "@type": { "type": "string" } }, "additionalProperties": true }),
    );
    schemas.insert(
        "google.protobuf.Duration".to_owned(),
        json!({ "type": "string", "description": "Seconds with an `s` suffix, e.g. `1.5s`." }),
    );
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Arbiter JSON API",
            "version": "v1",
            "description": "Arbiter's gRPC services over HTTP with JSON (the Connect protocol's unary form), in the canonical proto3 JSON mapping. Generated from proto/ by `cargo run -p arbiter-protogen`; do not edit.",
            "x-arbiter-inputs": inputs,
        },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": { "engineToken": { "type": "http", "scheme": "bearer", "description": "Required on Engine calls when the server sets --engine-token." } },
        },
    })
}

/// Leading comments by source path.
struct Comments<'a>(Option<&'a SourceCodeInfo>);

impl Comments<'_> {
    fn at(&self, path: &[i32]) -> Option<String> {
        let location = self.0?.location.iter().find(|l| l.path == path)?;
        let text = location.leading_comments();
        let text = text
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join("\n")
            .trim()
            .to_owned();
        (!text.is_empty()).then_some(text)
    }
}

fn message_schemas(
    file: &FileDescriptorProto,
    message: &DescriptorProto,
    scope: &str,
    path: &[i32],
    comments: &Comments<'_>,
    out: &mut Map<String, Value>,
) {
    let full = format!("{scope}.{}", message.name());
    if message.options.as_ref().is_some_and(|o| o.map_entry()) {
        return;
    }
    let mut properties = Map::new();
    for (index, field) in message.field.iter().enumerate() {
        let mut field_path = path.to_vec();
        field_path.extend([2, index as i32]);
        let mut schema = field_schema(field, message);
        if let Some(text) = comments.at(&field_path) {
            schema["description"] = Value::String(text);
        }
        if let Some(oneof) = field.oneof_index.filter(|_| !field.proto3_optional()) {
            let group = message
                .oneof_decl
                .get(oneof as usize)
                .map(|o| o.name())
                .unwrap_or_default();
            let note = format!("One of `{group}`: at most one of its fields is set.");
            schema["description"] =
                Value::String(match schema.get("description").and_then(Value::as_str) {
                    Some(text) => format!("{text}\n\n{note}"),
                    None => note,
                });
        }
        properties.insert(field.json_name().to_owned(), schema);
    }
    // Requests may name fields as in the .proto too (`side_to_move`), so
    // other properties are not ruled out here; the server refuses unknown ones.
    let mut schema = json!({ "type": "object", "properties": properties });
    if let Some(text) = comments.at(path) {
        schema["description"] = Value::String(text);
    }
    out.insert(full.trim_start_matches('.').to_owned(), schema);
    for (index, nested) in message.nested_type.iter().enumerate() {
        let mut nested_path = path.to_vec();
        nested_path.extend([3, index as i32]);
        message_schemas(file, nested, &full, &nested_path, comments, out);
    }
    for (index, enumeration) in message.enum_type.iter().enumerate() {
        let mut enum_path = path.to_vec();
        enum_path.extend([4, index as i32]);
        let name = format!("{}.{}", full.trim_start_matches('.'), enumeration.name());
        out.insert(name, enum_schema(enumeration, comments.at(&enum_path)));
    }
}

fn enum_schema(enumeration: &EnumDescriptorProto, description: Option<String>) -> Value {
    let names: Vec<&str> = enumeration.value.iter().map(|v| v.name()).collect();
    let mut schema = json!({ "type": "string", "enum": names });
    if let Some(text) = description {
        schema["description"] = Value::String(text);
    }
    schema
}

fn field_schema(field: &FieldDescriptorProto, parent: &DescriptorProto) -> Value {
    let reference = |name: &str| json!({ "$ref": format!("#/components/schemas/{}", name.trim_start_matches('.')) });
    if field.label() == Label::Repeated && field.r#type() == Type::Message {
        // A map field's entry is a nested message flagged map_entry.
        let entry_name = field.type_name().rsplit('.').next().unwrap_or_default();
        if let Some(entry) = parent
            .nested_type
            .iter()
            .find(|n| n.name() == entry_name && n.options.as_ref().is_some_and(|o| o.map_entry()))
        {
            let value = entry.field.iter().find(|f| f.number() == 2);
            return json!({
                "type": "object",
                "additionalProperties": value.map_or(json!({}), |v| field_schema(v, entry)),
            });
        }
    }
    let single = match field.r#type() {
        Type::Double | Type::Float => json!({ "type": "number" }),
        Type::Int32 | Type::Sint32 | Type::Sfixed32 => {
            json!({ "type": "integer", "format": "int32" })
        }
        Type::Uint32 | Type::Fixed32 => {
            json!({ "type": "integer", "format": "int32", "minimum": 0 })
        }
        Type::Int64 | Type::Sint64 | Type::Sfixed64 => {
            json!({ "type": "string", "format": "int64" })
        }
        Type::Uint64 | Type::Fixed64 => json!({ "type": "string", "format": "uint64" }),
        Type::Bool => json!({ "type": "boolean" }),
        Type::String => json!({ "type": "string" }),
        Type::Bytes => json!({ "type": "string", "contentEncoding": "base64" }),
        Type::Enum | Type::Message | Type::Group => reference(field.type_name()),
    };
    if field.label() == Label::Repeated {
        json!({ "type": "array", "items": single })
    } else {
        single
    }
}

fn connect_error() -> Value {
    json!({
        "type": "object",
        "description": "A failed call: the gRPC status in Connect's form.",
        "properties": {
            "code": { "type": "string", "enum": [
                "canceled", "unknown", "invalid_argument", "deadline_exceeded", "not_found",
                "already_exists", "permission_denied", "resource_exhausted", "failed_precondition",
                "aborted", "out_of_range", "unimplemented", "internal", "unavailable", "data_loss",
                "unauthenticated"
            ] },
            "message": { "type": "string" },
            "details": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "type": { "type": "string", "description": "The detail's message type, e.g. google.rpc.BadRequest." },
                        "value": { "type": "string", "contentEncoding": "base64", "description": "The detail's protobuf bytes." },
                        "debug": { "type": "object", "description": "The detail decoded as JSON (a BadRequest's fieldViolations)." },
                    },
                },
            },
        },
    })
}
