"""Device profiles: the one table of hardware figures every cost model reads.

Why one table: ``rematerialize`` prices a recomputation with a roofline (arithmetic rate,
memory bandwidth) and ``assign-spaces`` prices traffic between a fast and a slow memory;
both describe the same hardware, so each figure is written once, beside its source. Plain
data in the lowest layer, so that a pass or a frontend names a profile without loading a
planner, and ``profile_for_device`` maps the device a program runs on to a profile.

Bandwidths are bytes per second each way (every source here gives one figure for reads
and writes alike); arithmetic rates are dense FLOP/s (no structured sparsity).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Profile:
    """One device. ``slow_bytes_per_second`` is set on the two-memory profiles only: the
    larger memory behind the main one (off-chip flash, PSRAM, or host memory over the host
    link), which ``assign-spaces`` plans against."""

    name: str
    flops_per_second: float  # dense FP32
    bytes_per_second: float  # main memory
    source: str
    tf32_flops_per_second: float | None = None
    half_flops_per_second: float | None = None  # BF16 and FP16
    slow_bytes_per_second: float | None = None

    def peak_flops(self, precision: str = "fp32") -> float:
        """Dense rate for ``precision`` (``fp32``, ``tf32``, ``bf16``, ``fp16``, or torch's
        ``float32``/``bfloat16``/``float16``); the FP32 rate where the profile gives none."""
        unit = _PRECISIONS.get(precision.removeprefix("torch."))
        if unit is None:
            raise ValueError(f"no rate for precision {precision!r}: one of "
                             f"{', '.join(_PRECISIONS)}")
        rate = getattr(self, unit)
        return self.flops_per_second if rate is None else rate


_PRECISIONS = {
    "fp32": "flops_per_second", "float32": "flops_per_second",
    "tf32": "tf32_flops_per_second",
    "bf16": "half_flops_per_second", "bfloat16": "half_flops_per_second",
    "fp16": "half_flops_per_second", "float16": "half_flops_per_second",
}

A100 = Profile(
    "a100", 19.5e12, 1.555e12,
    "NVIDIA A100 Tensor Core GPU datasheet (SXM), as quoted: FP32 19.5 TFLOP/s, TF32 156 "
    "and BF16/FP16 312 TFLOP/s dense; HBM2 1,555 GB/s, the 40GB part's figure, kept here "
    "(the 80GB part's HBM2e: 2,039 GB/s)",
    tf32_flops_per_second=156e12, half_flops_per_second=312e12)
H100 = Profile(
    "h100", 67e12, 3.35e12,
    "NVIDIA H100 Tensor Core GPU datasheet (SXM5), as quoted: HBM3 3.35 TB/s; FP32 67 "
    "TFLOP/s, TF32 494.5 and BF16/FP16 989.5 TFLOP/s dense (989 and 1,979 with sparsity)",
    tf32_flops_per_second=494.5e12, half_flops_per_second=989.5e12)
H200 = Profile(
    "h200", 67e12, 4.8e12,
    "NVIDIA H200 Tensor Core GPU datasheet (SXM), as quoted: HBM3e 4.8 TB/s, 141 GB; FP32 "
    "67 TFLOP/s, TF32 494.5 and BF16/FP16 989.5 TFLOP/s dense (989 and 1,979 with sparsity)",
    tf32_flops_per_second=494.5e12, half_flops_per_second=989.5e12)
CPU = Profile(
    "cpu", 1e12, 100e9,
    "no datasheet: round figures for a multi-core server CPU (1 TFLOP/s FP32, 100 GB/s), "
    "an assumption")

# Two-memory profiles, for assign-spaces: main memory is the fast one.
# * npu: Arm Ethos-U55-128 as Arm's Vela compiler models it, system config
#   Ethos_U55_High_End_Embedded in Vela's ethosu/config_files/Arm/vela.ini: core_clock=500e6,
#   axi0_port=Sram with Sram_clock_scale=1.0, axi1_port=OffChipFlash with
#   OffChipFlash_clock_scale=0.125. Vela's architecture_features.py gives the U55 a 64-bit AXI
#   port (axi_port_width = 128 if is_ethos_u65_system else 64) and computes
#   memory_bandwidths_per_second = axi_port_width * clock_scale / 8 * core_clock:
#   8 B x 1.0 x 500 MHz = 4 GB/s SRAM and 8 B x 0.125 x 500 MHz = 0.5 GB/s flash, the
#   "SRAM (4 GB/s) and Flash (0.5 GB/s)" comment over that section. One figure per port for
#   both directions. Arithmetic: 128 MACs per cycle = 256 ops per cycle x 500 MHz.
# * esp32s3: internal SRAM vs octal PSRAM. PSRAM: ESP-IDF's "SPI Flash and External SPI RAM
#   Configuration" guide (esp32s3) defines line mode as bits per clock and says octal PSRAM
#   runs only in DTR; at its 80 MHz setting, 8 bits x 2 x 80 MHz = 160 MB/s on the bus, an
#   upper bound. Internal SRAM and arithmetic are OUR ASSUMPTIONS, not vendor figures: one
#   4-byte access per cycle at the 240 MHz CPU clock (960 MB/s), and two Xtensa LX7 cores
#   doing one single-precision multiply-add (2 FLOPs) per cycle each.
# * h100-host: the h100 profile, its HBM3 as the fast memory, host memory over PCIe 5.0 x16
#   (64 GB/s each way) as the slow one.
NPU = Profile(
    "npu", 256 * 500e6, 4e9,
    "Arm Vela vela.ini System_Config.Ethos_U55_High_End_Embedded (core_clock 500e6, "
    "Sram_clock_scale 1.0, OffChipFlash_clock_scale 0.125) and architecture_features.py "
    "(64-bit AXI on U55); Ethos-U55-128: 128 MACs/cycle",
    slow_bytes_per_second=0.5e9)
ESP32S3 = Profile(
    "esp32s3", 2 * 2 * 240e6, 960e6,
    "ESP-IDF esp32s3 'SPI Flash and External SPI RAM Configuration': octal PSRAM is DTR, "
    "80 MHz -> 160 MB/s bus peak; internal SRAM (4 B/cycle at 240 MHz) and 2 cores x "
    "2 FLOPs/cycle are assumptions",
    slow_bytes_per_second=160e6)
H100_HOST = replace(
    H100, name="h100-host", slow_bytes_per_second=64e9,
    source="NVIDIA H100 SXM5 datasheet: HBM3 3.35 TB/s, 67 TFLOP/s FP32; PCIe 5.0 x16 64 GB/s")

PROFILES: dict[str, Profile] = {p.name: p for p in (A100, H100, H200, CPU, NPU, ESP32S3,
                                                    H100_HOST)}
PROFILES["default"] = A100

# A name torch.cuda.get_device_name() gives -> its family's profile. Whole words, so that
# "GH200" (a Grace Hopper superchip) or "A10" is not taken for another part.
_CUDA_FAMILIES = (("h200", re.compile(r"\bh200\b")), ("h100", re.compile(r"\bh100\b")),
                  ("a100", re.compile(r"\ba100\b")))


def profile_for_device(kind: str, name: str | None = None) -> tuple[str, bool]:
    """The profile for a runtime device (``torch.device.type`` as ``kind``, the CUDA device's
    name as ``name``) and whether it was recognised; an unrecognised one gets ``default``,
    and the caller should say so. The match is by family: a PCIe card or an A100 80GB gets
    the SXM part's figures (the A100 40GB's bandwidth)."""
    kind = kind.partition(":")[0]
    if kind == "cpu":
        return "cpu", True
    if kind == "cuda" and name:
        for profile, pattern in _CUDA_FAMILIES:
            if pattern.search(name.lower()):
                return profile, True
    return "default", False
