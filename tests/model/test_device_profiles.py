"""Device profiles: one table, the figures its sources give, and runtime devices mapped to
profiles (an unknown one to ``default``, flagged so that the caller warns)."""

from __future__ import annotations

import pytest

from memir.model.devices import PROFILES, profile_for_device


@pytest.mark.parametrize(("kind", "name", "expected"), [
    ("cpu", None, ("cpu", True)),
    ("cuda", "NVIDIA H200", ("h200", True)),
    ("cuda", "NVIDIA H100 80GB HBM3", ("h100", True)),
    ("cuda", "NVIDIA H100 PCIe", ("h100", True)),
    ("cuda", "NVIDIA A100-SXM4-80GB", ("a100", True)),
    ("cuda", "NVIDIA A100 80GB PCIe", ("a100", True)),
    ("cuda:1", "NVIDIA A100-SXM4-40GB", ("a100", True)),
    ("cuda", "NVIDIA GH200 480GB", ("default", False)),
    ("cuda", "NVIDIA A10", ("default", False)),
    ("cuda", "AMD Instinct MI300X", ("default", False)),
    ("cuda", None, ("default", False)),
    ("mps", None, ("default", False)),
])
def test_runtime_devices_map_to_profiles(kind, name, expected):
    assert profile_for_device(kind, name) == expected


def test_existing_profiles_keep_their_figures():
    figures = {n: (p.flops_per_second, p.bytes_per_second) for n, p in PROFILES.items()}
    assert figures["a100"] == (19.5e12, 1.555e12)
    assert figures["h100"] == (67e12, 3.35e12)
    assert figures["cpu"] == (1e12, 100e9)
    assert PROFILES["default"] is PROFILES["a100"]


def test_precisions_take_the_dense_rates():
    h200 = PROFILES["h200"]
    assert (h200.bytes_per_second, h200.peak_flops()) == (4.8e12, 67e12)
    assert (h200.peak_flops("tf32"), h200.peak_flops("torch.bfloat16")) == (494.5e12, 989.5e12)
    assert PROFILES["a100"].peak_flops("fp16") == 312e12
    assert PROFILES["cpu"].peak_flops("bf16") == 1e12  # no figure: the FP32 rate
    with pytest.raises(ValueError, match="float64"):
        h200.peak_flops("float64")


def test_every_profile_cites_its_source():
    assert all(p.source for p in PROFILES.values())
