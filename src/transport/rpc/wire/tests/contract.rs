//! The field tables of `wire::fields` against the descriptor set compiled
//! from `proto/arbiter/v1`: a field the contract has and the hand codec does
//! not handle, or one whose number, name or type differs, fails here.

use std::collections::{BTreeMap, BTreeSet};

use prost::Message;
use prost_types::{
    DescriptorProto, FieldDescriptorProto, FileDescriptorSet,
    field_descriptor_proto::{Label, Type},
};

use crate::{
    proto::FILE_DESCRIPTOR_SET,
    transport::rpc::wire::fields::{self, Field, HAND_CODED, MessageFields, PROST_CODED, Ty},
};

fn descriptor_set() -> FileDescriptorSet {
    FileDescriptorSet::decode(FILE_DESCRIPTOR_SET)
        .expect("tools/protogen writes a valid descriptor set")
}

/// Every message of the set by its full name (`.arbiter.v1.Move`), nested
/// ones included.
fn messages(set: &FileDescriptorSet) -> BTreeMap<String, &DescriptorProto> {
    fn walk<'a>(
        scope: &str,
        message: &'a DescriptorProto,
        out: &mut BTreeMap<String, &'a DescriptorProto>,
    ) {
        let name = format!("{scope}.{}", message.name());
        for nested in &message.nested_type {
            walk(&name, nested, out);
        }
        out.insert(name, message);
    }
    let mut out = BTreeMap::new();
    for file in &set.file {
        let scope = if file.package().is_empty() {
            String::new()
        } else {
            format!(".{}", file.package())
        };
        for message in &file.message_type {
            walk(&scope, message, &mut out);
        }
    }
    out
}

/// A field's type as the contract declares it (`enum .arbiter.v1.Side`).
fn contract_type(field: &FieldDescriptorProto) -> String {
    let repeated = if field.label() == Label::Repeated {
        "repeated "
    } else {
        ""
    };
    let ty = match field.r#type() {
        Type::String => "string".to_owned(),
        Type::Bool => "bool".to_owned(),
        Type::Enum => format!("enum {}", field.type_name()),
        Type::Message => format!("message {}", field.type_name()),
        other => format!("{other:?}"),
    };
    format!("{repeated}{ty}")
}

/// A table's field type in the words of [`contract_type`].
fn table_type(field: &Field) -> String {
    let repeated = if field.repeated { "repeated " } else { "" };
    let ty = match field.ty {
        Ty::String => "string".to_owned(),
        Ty::Bool => "bool".to_owned(),
        Ty::Enum(name) => format!("enum {name}"),
        Ty::Message(name) => format!("message {name}"),
    };
    format!("{repeated}{ty}")
}

fn describe(field: &Field) -> String {
    format!("{} {} = {}", table_type(field), field.name, field.number)
}

/// Every disagreement between `tables` and the contract in `set`, as lines
/// a reader can act on; empty when they agree.
fn mismatches(
    set: &FileDescriptorSet,
    tables: &[MessageFields],
    prost_coded: &[&str],
) -> Vec<String> {
    let contract = messages(set);
    let hand: BTreeSet<&str> = tables.iter().map(|t| t.name).collect();
    let mut problems = Vec::new();
    for table in tables {
        let Some(message) = contract.get(table.name) else {
            problems.push(format!("{}: not in the contract", table.name));
            continue;
        };
        let mut numbers = BTreeSet::new();
        for (i, field) in table.fields.iter().enumerate() {
            if !numbers.insert(field.number) {
                problems.push(format!(
                    "{}: field {} is listed twice",
                    table.name, field.number
                ));
            }
            if i > 0 && table.fields[i - 1].number > field.number {
                problems.push(format!("{}: fields are not in number order", table.name));
            }
            if !message
                .field
                .iter()
                .any(|f| f.number() as u32 == field.number)
            {
                problems.push(format!(
                    "{}: the hand codec handles `{}`, which the contract does not have",
                    table.name,
                    describe(field)
                ));
            }
        }
        for declared in &message.field {
            let number = declared.number() as u32;
            let Some(handled) = table.fields.iter().find(|f| f.number == number) else {
                problems.push(format!(
                    "{}: field {number} `{}` ({}) is in the contract but the hand codec does \
                     not handle it (add it to wire::fields and to the code that writes it)",
                    table.name,
                    declared.name(),
                    contract_type(declared)
                ));
                continue;
            };
            let (declared_type, handled_type) = (contract_type(declared), table_type(handled));
            if declared_type != handled_type {
                problems.push(format!(
                    "{}: field {number} is `{declared_type}` in the contract, the hand codec \
                     has `{}`",
                    table.name,
                    describe(handled)
                ));
            }
            if declared.name() != handled.name {
                problems.push(format!(
                    "{}: field {number} is `{}` in the contract, `{}` in the hand codec",
                    table.name,
                    declared.name(),
                    handled.name
                ));
            }
            if declared.proto3_optional() || declared.oneof_index.is_some() != handled.oneof {
                problems.push(format!(
                    "{}: field {number} `{}` has explicit presence (optional or oneof), which \
                     the hand codec does not keep as declared",
                    table.name,
                    declared.name()
                ));
            }
            if let Ty::Message(inner) = handled.ty
                && !hand.contains(inner)
                && !prost_coded.contains(&inner)
            {
                problems.push(format!(
                    "{}: field {number} holds {inner}, which neither the hand codec nor prost \
                     is listed as coding",
                    table.name
                ));
            }
        }
    }
    problems
}

#[test]
fn every_field_of_every_hand_coded_message_is_handled() {
    let problems = mismatches(&descriptor_set(), HAND_CODED, PROST_CODED);
    assert!(
        problems.is_empty(),
        "the hand codec (src/transport/rpc/wire) is out of step with proto/arbiter/v1:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_messages_prost_codes_are_in_the_contract() {
    let set = descriptor_set();
    let contract = messages(&set);
    for name in PROST_CODED {
        assert!(
            contract.contains_key(*name),
            "{name} is not in the contract"
        );
    }
}

/// The check itself finds a field added to the contract, a renumbered one
/// and a changed type, so that a quiet pass above means agreement.
#[test]
fn a_contract_change_the_codec_lacks_is_reported() {
    let edit = |change: fn(&mut DescriptorProto)| {
        let mut set = descriptor_set();
        for file in &mut set.file {
            for message in &mut file.message_type {
                if message.name() == "Move" {
                    change(message);
                }
            }
        }
        mismatches(&set, HAND_CODED, PROST_CODED)
    };
    let added = edit(|m| {
        m.field.push(FieldDescriptorProto {
            name: Some("extra".to_owned()),
            number: Some(99),
            r#type: Some(Type::String.into()),
            label: Some(Label::Optional.into()),
            ..FieldDescriptorProto::default()
        });
    });
    assert!(
        added.iter().any(|p| p.contains("field 99 `extra`")),
        "{added:?}"
    );
    let retyped = edit(|m| {
        for f in &mut m.field {
            if f.number() == fields::MOVE_CHECK.number as i32 {
                f.r#type = Some(Type::Uint32.into());
            }
        }
    });
    assert!(retyped.iter().any(|p| p.contains("field 9")), "{retyped:?}");
    let renumbered = edit(|m| {
        for f in &mut m.field {
            if f.number() == fields::MOVE_SAN.number as i32 {
                f.number = Some(98);
            }
        }
    });
    assert!(
        renumbered.iter().any(|p| p.contains("field 98 `san`")),
        "{renumbered:?}"
    );
    assert!(
        renumbered
            .iter()
            .any(|p| p.contains("handles `string san = 2`")),
        "{renumbered:?}"
    );
}
