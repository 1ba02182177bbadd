"""Parses a Prometheus text exposition from stdin with prometheus_client's own parser and prints
its samples as JSON: {"name{label=value,...}": value}. Any line the parser refuses fails the run."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

samples = {}
for family in text_string_to_metric_families(sys.stdin.read()):
    for sample in family.samples:
        labels = ",".join(f"{key}={value}" for key, value in sorted(sample.labels.items()))
        samples[f"{sample.name}{{{labels}}}"] = sample.value
json.dump(samples, sys.stdout, sort_keys=True)
