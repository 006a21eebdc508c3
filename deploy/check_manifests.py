#!/usr/bin/env python3
"""Checks the invariants of rendered Arbiter manifests that a schema cannot see.

Usage: check_manifests.py RENDERED.yaml [--min-replicas N] [--settings-out PREFIX]

With --settings-out, writes PREFIX.env (the Deployment's ConfigMap as an env file,
what envFrom passes) and PREFIX.memory (its memory limit in podman's units), so
deploy/image.sh can run the image with exactly these settings.

The schema says a field is well-formed; these checks say the numbers agree with
each other: the memory limit covers the search pool the ConfigMap configures, the
grace period covers pause + drain + longest search, probes speak gRPC, the pod is
locked down, and the ServiceMonitor (a CRD no bundled schema knows) really selects
the Service and port that expose /metrics.
"""

import re
import sys

import yaml

GRPC_PORT = 50051
METRICS_PORT = 9090
HTTP_PORT = 8080
# Per search worker on top of its table: queue share, search stacks, move lists.
WORKER_OVERHEAD_MIB = 8
BASELINE_MIB = 64

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def mib(quantity):
    units = {"Ki": 1 / 1024, "Mi": 1, "Gi": 1024, "K": 1e3 / 2**20, "M": 1e6 / 2**20, "G": 1e9 / 2**20}
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG]i?)?", str(quantity))
    if not match:
        raise ValueError(f"unsupported quantity {quantity!r}")
    return float(match.group(1)) * units.get(match.group(2) or "", 1 / 2**20)


def labels_match(selector, labels):
    return all(labels.get(k) == v for k, v in selector.items())


def main():
    path = sys.argv[1]
    min_replicas = int(sys.argv[sys.argv.index("--min-replicas") + 1]) if "--min-replicas" in sys.argv else 2
    docs = [d for d in yaml.safe_load_all(open(path)) if d]
    by_kind = {}
    for doc in docs:
        by_kind.setdefault(doc["kind"], []).append(doc)

    for kind in ("Deployment", "Service", "ConfigMap", "HorizontalPodAutoscaler",
                 "PodDisruptionBudget", "NetworkPolicy", "ServiceAccount"):
        check(kind in by_kind, f"no {kind} rendered")
    if failures:
        return report(path)

    deployment = by_kind["Deployment"][0]
    pod = deployment["spec"]["template"]["spec"]
    container = pod["containers"][0]
    config_name = container["envFrom"][0]["configMapRef"]["name"]
    configs = [c for c in by_kind["ConfigMap"] if c["metadata"]["name"] == config_name]
    check(len(configs) == 1, f"envFrom names ConfigMap {config_name}, which is not rendered")
    if failures:
        return report(path)
    settings = configs[0]["data"]
    secrets_in_config = sorted(k for k in settings if k in ("ARBITER_ENGINE_TOKEN", "ARBITER_TLS_KEY"))
    check(not secrets_in_config, f"secrets belong in a Secret, not the ConfigMap: {secrets_in_config}")

    check(deployment["spec"]["replicas"] >= min_replicas, f"replicas < {min_replicas}")
    hpa = by_kind["HorizontalPodAutoscaler"][0]
    check(hpa["spec"]["minReplicas"] >= min_replicas, f"HPA minReplicas < {min_replicas}")
    check(hpa["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"], "HPA targets another Deployment")
    check(any(m["type"] == "Resource" and m["resource"]["name"] == "cpu" for m in hpa["spec"]["metrics"]),
          "HPA does not scale on CPU")

    # Memory limit derived from the table pool.
    threads = int(settings["ARBITER_SEARCH_THREADS"])
    tt_mb = int(settings["ARBITER_TT_MB"])
    needed = threads * (tt_mb + WORKER_OVERHEAD_MIB) + BASELINE_MIB
    limit = mib(container["resources"]["limits"]["memory"])
    check(limit >= needed * 1.15,
          f"memory limit {limit:.0f} MiB < 1.15 x pool estimate {needed} MiB "
          f"({threads} x ({tt_mb} + {WORKER_OVERHEAD_MIB}) + {BASELINE_MIB})")
    check("cpu" not in container["resources"].get("limits", {}), "a CPU limit throttles searches; request only")
    check("cpu" in container["resources"]["requests"], "no CPU request: the HPA cannot compute utilisation")

    # Shutdown budget.
    pause = container.get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds", 0)
    pause = max(pause, int(settings.get("ARBITER_SHUTDOWN_DELAY_SECS", "0")))
    check(pause > 0, "no pause before draining (preStop sleep or ARBITER_SHUTDOWN_DELAY_SECS)")
    drain = int(settings.get("ARBITER_DRAIN_TIMEOUT_SECS", "10"))
    search = int(settings.get("ARBITER_MAX_MOVETIME_MS", "30000")) / 1000
    grace = pod["terminationGracePeriodSeconds"]
    check(grace > pause + drain + search,
          f"terminationGracePeriodSeconds {grace} <= pause {pause} + drain {drain} + search {search:g}")
    check(drain >= search, f"drain deadline {drain} s cuts the longest search ({search:g} s)")
    request_timeout = int(settings.get("ARBITER_REQUEST_TIMEOUT_SECS", "30"))
    check(request_timeout >= search, f"request timeout {request_timeout} s cuts the longest search ({search:g} s)")
    if int(settings.get("ARBITER_MAX_CONNECTION_AGE_SECS", "0")) > 0:
        age_grace = int(settings.get("ARBITER_MAX_CONNECTION_AGE_GRACE_SECS", "30"))
        check(age_grace >= search, f"connection-age grace {age_grace} s cuts the longest search ({search:g} s)")
    liveness = container["livenessProbe"]
    check(liveness["periodSeconds"] * liveness["failureThreshold"] > drain,
          "liveness would restart a pod that is still draining")

    # Probes and ports.
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        check(container.get(probe, {}).get("grpc", {}).get("port") == GRPC_PORT, f"{probe} is not a gRPC probe")
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    check(ports == {"grpc": GRPC_PORT, "http": HTTP_PORT, "metrics": METRICS_PORT}, f"container ports {ports}")

    # Restricted pod security.
    psc, csc = pod.get("securityContext", {}), container.get("securityContext", {})
    check(psc.get("runAsNonRoot") is True and psc.get("runAsUser") == 65532, "pod not runAsNonRoot/65532")
    check(psc.get("seccompProfile", {}).get("type") == "RuntimeDefault", "pod seccomp not RuntimeDefault")
    check(csc.get("readOnlyRootFilesystem") is True, "root filesystem writable")
    check(csc.get("allowPrivilegeEscalation") is False, "privilege escalation allowed")
    check(csc.get("capabilities", {}).get("drop") == ["ALL"], "capabilities not all dropped")
    check(pod.get("automountServiceAccountToken") is False, "service account token mounted")
    accounts = {a["metadata"]["name"]: a for a in by_kind["ServiceAccount"]}
    account = accounts.get(pod.get("serviceAccountName"))
    check(account is not None and account.get("automountServiceAccountToken") is False,
          "ServiceAccount missing or automounts its token")

    # Services select the pods; one ClusterIP and one headless.
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    services = by_kind["Service"]
    for service in services:
        check(labels_match(service["spec"]["selector"], pod_labels),
              f"Service {service['metadata']['name']} selects no pod")
    check(any(s["spec"].get("clusterIP") == "None" for s in services), "no headless Service")
    check(any(s["spec"].get("type", "ClusterIP") == "ClusterIP" and s["spec"].get("clusterIP") != "None"
              for s in services), "no ClusterIP Service")
    for service in services:
        for port in service["spec"]["ports"]:
            if port["name"] == "grpc":
                check(port.get("appProtocol") == "kubernetes.io/h2c",
                      f"Service {service['metadata']['name']} grpc port lacks appProtocol kubernetes.io/h2c")

    pdb = by_kind["PodDisruptionBudget"][0]
    check(labels_match(pdb["spec"]["selector"]["matchLabels"], pod_labels), "PDB selects no pod")

    policy = by_kind["NetworkPolicy"][0]
    check(labels_match(policy["spec"]["podSelector"]["matchLabels"], pod_labels), "NetworkPolicy selects no pod")
    admitted = {p["port"] for rule in policy["spec"].get("ingress", []) for p in rule.get("ports", [])}
    check(admitted == {"grpc", "http", "metrics"}, f"NetworkPolicy admits {admitted}, expected grpc, http and metrics")
    check(all(rule.get("ports") for rule in policy["spec"].get("ingress", [])),
          "an ingress rule without ports admits every port")

    # ServiceMonitor: no bundled schema knows the CRD, so check what matters by hand.
    for monitor in by_kind.get("ServiceMonitor", []):
        check(monitor["apiVersion"] == "monitoring.coreos.com/v1", "ServiceMonitor apiVersion")
        selector = monitor["spec"]["selector"]["matchLabels"]
        selected = [s for s in services if labels_match(selector, s["metadata"].get("labels", {}))
                    and s["metadata"].get("namespace") == monitor["metadata"].get("namespace")]
        check(len(selected) == 1, f"ServiceMonitor selects {len(selected)} Services, expected exactly 1")
        for endpoint in monitor["spec"]["endpoints"]:
            for service in selected:
                names = {p["name"]: p for p in service["spec"]["ports"]}
                check(endpoint["port"] in names, f"ServiceMonitor port {endpoint['port']} not on the Service")
                if endpoint["port"] in names:
                    check(names[endpoint["port"]]["port"] == METRICS_PORT, "ServiceMonitor scrapes a non-metrics port")
            check(endpoint.get("path", "/metrics") == "/metrics", "ServiceMonitor path is not /metrics")

    if "--settings-out" in sys.argv and not failures:
        prefix = sys.argv[sys.argv.index("--settings-out") + 1]
        with open(prefix + ".env", "w") as env:
            env.writelines(f"{k}={v}\n" for k, v in settings.items())
        with open(prefix + ".memory", "w") as memory:
            memory.write(f"{int(limit)}m\n")
    return report(path)


def report(path):
    if failures:
        for failure in failures:
            print(f"ERROR {path}: {failure}")
        return 1
    print(f"INFO {path}: manifest invariants hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
