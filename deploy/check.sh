#!/usr/bin/env bash
# CI proof for deploy/: manifests render and validate, the dashboard is well-formed,
# the container image builds and passes its smoke test, and it serves with the
# settings and memory limit of every rendered kustomization.
#
#   deploy/check.sh                  everything (what CI runs)
#   ARBITER_CHECK_IMAGE=0 deploy/check.sh   manifests and dashboard only
#
# Installs only what is missing, by package name: yamllint, shellcheck (apt),
# kubernetes-validate (PyPI). kubectl (with its built-in kustomize) must be present.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEPLOY="$REPO/deploy"
K8S="$DEPLOY/k8s"
# Kubernetes 1.30 is the oldest supported (native preStop sleep), plus the newest
# version kubernetes-validate bundles.
OLDEST_K8S=1.30.0
# Custom resources whose schemas no Kubernetes release bundles; check_manifests.py
# checks them by hand instead.
KNOWN_CRDS='ServiceMonitor with api version monitoring.coreos.com/v1'

log() { printf '[check %s] %s\n' "$(date +%T)" "$*"; }
die() {
  printf '[check %s] FAIL %s\n' "$(date +%T)" "$*" >&2
  exit 1
}

WORK=$(mktemp -d)
# Pairs of (env file, memory limit) rendered from each kustomization's Deployment.
SETTINGS=()
trap 'rm -rf "$WORK"' EXIT

ensure_tools() {
  local missing=()
  command -v yamllint >/dev/null || missing+=(yamllint)
  command -v shellcheck >/dev/null || missing+=(shellcheck)
  if ((${#missing[@]})); then
    log "installing (apt): ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if ! command -v kubernetes-validate >/dev/null; then
    log "installing (pip): kubernetes-validate"
    python3 -m pip install --quiet --disable-pip-version-check kubernetes-validate
    if command -v pyenv >/dev/null; then pyenv rehash || true; fi
  fi
  command -v kubernetes-validate >/dev/null ||
    PATH="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"
  command -v kubernetes-validate >/dev/null || die "kubernetes-validate not found"
  command -v kubectl >/dev/null || die "kubectl (with kustomize) is required"
}

# Validates one rendered file against both Kubernetes versions, strictly. Unknown
# kinds only warn in kubernetes-validate; here they fail unless they are a known CRD.
validate() {
  local file=$1 out
  out=$(kubernetes-validate --strict --quiet -k "$OLDEST_K8S" -k "$NEWEST_K8S" "$file") ||
    { printf '%s\n' "$out"; die "kubernetes-validate rejected $file"; }
  local unknown skipped total
  unknown=$(grep '^WARN' <<<"$out" | grep -v "Couldn't find schema for kind $KNOWN_CRDS" || true)
  [ -z "$unknown" ] || { printf '%s\n' "$unknown"; die "unvalidated resources in $file"; }
  skipped=$(($(grep -c '^WARN' <<<"$out" || true) / 2))
  total=$(grep -c '^kind:' "$file")
  log "  schema: $((total - skipped)) of $total resources valid for Kubernetes $OLDEST_K8S and $NEWEST_K8S (strict)"
  if ((skipped)); then
    log "  schema: $skipped ServiceMonitor (CRD, no bundled schema) left to check_manifests.py"
  fi
}

check_manifests() {
  log "yamllint deploy/ sources"
  yamllint --strict -c "$DEPLOY/.yamllint" "$K8S" "$DEPLOY/.yamllint"
  NEWEST_K8S=$(python3 -c 'import kubernetes_validate.utils as u; print(u.latest_version())')
  local dir name rendered count=0
  for dir in "$K8S/base" "$K8S"/overlays/*/; do
    dir=${dir%/}
    name=${dir#"$K8S/"}
    rendered="$WORK/${name//\//-}.yaml"
    log "kustomize $name"
    kubectl kustomize "$dir" >"$rendered"
    yamllint --strict -c "$DEPLOY/.yamllint" "$rendered"
    validate "$rendered"
    python3 "$DEPLOY/check_manifests.py" "$rendered" --settings-out "${rendered%.yaml}" | sed 's/^/  /'
    SETTINGS+=("${rendered%.yaml}.env" "$(cat "${rendered%.yaml}.memory")")
    count=$((count + 1))
  done
  # The optional component on its own, on top of the base: it must render and be
  # consistent there too, not only inside the production overlay.
  log "kustomize base + components/servicemonitor"
  mkdir -p "$WORK/with-monitor"
  cat >"$WORK/with-monitor/kustomization.yaml" <<EOF
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: arbiter-check
resources: [$(realpath --relative-to="$WORK/with-monitor" "$K8S/base")]
components: [$(realpath --relative-to="$WORK/with-monitor" "$K8S/components/servicemonitor")]
EOF
  kubectl kustomize --load-restrictor LoadRestrictionsNone "$WORK/with-monitor" >"$WORK/with-monitor.yaml"
  grep -q '^kind: ServiceMonitor' "$WORK/with-monitor.yaml" || die "component rendered no ServiceMonitor"
  validate "$WORK/with-monitor.yaml"
  python3 "$DEPLOY/check_manifests.py" "$WORK/with-monitor.yaml" | sed 's/^/  /'
  log "manifests: $count kustomizations + 1 component rendered and validated"
}

check_dashboard() {
  log "grafana dashboard"
  python3 - "$DEPLOY/grafana/arbiter-dashboard.json" <<'PY'
import json, sys
path = sys.argv[1]
dashboard = json.load(open(path))
panels, ids, problems = [], set(), []
def walk(items):
    for panel in items:
        panels.append(panel)
        walk(panel.get("panels", []))
walk(dashboard["panels"])
for panel in panels:
    if panel["id"] in ids:
        problems.append("duplicate panel id %s" % panel["id"])
    ids.add(panel["id"])
    if panel["type"] == "row":
        continue
    targets = panel.get("targets", [])
    if not targets or not all(t.get("expr") for t in targets):
        problems.append("panel %r has no query" % panel.get("title"))
    if panel.get("datasource", {}).get("uid") != "${datasource}":
        problems.append("panel %r does not use the datasource variable" % panel.get("title"))
for key in ("uid", "title", "schemaVersion", "templating"):
    if key not in dashboard:
        problems.append("dashboard has no %s" % key)
if problems:
    sys.exit("\n".join("ERROR %s: %s" % (path, p) for p in problems))
rows = sum(1 for p in panels if p["type"] == "row")
queries = sum(len(p.get("targets", [])) for p in panels)
print("[check]   %s: valid JSON, %d rows, %d panels, %d queries"
      % (path.split("/deploy/")[-1], rows, len(panels) - rows, queries))
PY
}

ensure_tools
log "shellcheck deploy/*.sh"
shellcheck "$DEPLOY"/*.sh
check_manifests
check_dashboard
if [ "${ARBITER_CHECK_IMAGE:-1}" = 1 ]; then
  "$DEPLOY/image.sh" all
  log "the image with each kustomization's settings and memory limit"
  "$DEPLOY/image.sh" settings "${SETTINGS[@]}"
else
  log "image build and smoke test skipped (ARBITER_CHECK_IMAGE=0)"
fi
log "deploy checks passed"
