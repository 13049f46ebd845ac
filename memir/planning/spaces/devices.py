"""Two-memory device profiles: a small fast memory beside a large slow one.

Why named profiles: the planner's answer turns on the ratio of the two bandwidths to the
arithmetic rate, so examples and benchmarks should use real ones, each with its source.

* ``npu``: Arm Ethos-U55-128 as Arm's Vela compiler models it, system config
  ``Ethos_U55_High_End_Embedded`` in Vela's ``ethosu/config_files/Arm/vela.ini``:
  ``core_clock=500e6``, ``axi0_port=Sram`` with ``Sram_clock_scale=1.0``,
  ``axi1_port=OffChipFlash`` with ``OffChipFlash_clock_scale=0.125``. Vela's
  ``architecture_features.py`` gives the U55 a 64-bit AXI port
  (``axi_port_width = 128 if is_ethos_u65_system else 64``) and computes
  ``memory_bandwidths_per_second = axi_port_width * clock_scale / 8 * core_clock``:
  8 B x 1.0 x 500 MHz = 4 GB/s SRAM and 8 B x 0.125 x 500 MHz = 0.5 GB/s flash, which is
  the "SRAM (4 GB/s) and Flash (0.5 GB/s)" comment over that section. Vela's bandwidth
  model has one figure per port for both directions, so reads and writes share it.
  Arithmetic: 128 MACs per cycle (the "-128" configuration) = 256 ops per cycle x 500 MHz.
* ``esp32s3``: Espressif ESP32-S3, internal SRAM vs octal PSRAM. PSRAM: ESP-IDF's "SPI
  Flash and External SPI RAM Configuration" guide (esp32s3) defines line mode as bits per
  clock and says octal PSRAM runs only in DTR (double transfer rate); at its 80 MHz
  setting that is 8 bits x 2 x 80 MHz = 160 MB/s on the bus, an upper bound (cache and
  command overheads come off it). Internal SRAM and arithmetic are OUR ASSUMPTIONS, not
  vendor figures: one 4-byte access per cycle at the 240 MHz CPU clock (960 MB/s), and two
  Xtensa LX7 cores doing one single-precision multiply-add (2 FLOPs) per cycle each.
* ``h100-host``: NVIDIA H100 SXM5 HBM3 (3.35 TB/s) as the fast memory vs host memory over
  PCIe 5.0 x16 (64 GB/s each way); 67 TFLOP/s dense FP32 (NVIDIA H100 datasheet, the same
  figures as ``memir.planning.remat.cost.DEVICES["h100"]``).
"""

from __future__ import annotations

from dataclasses import dataclass

from memir.planning.spaces.model import Space


@dataclass(frozen=True, slots=True)
class SpaceDevice:
    name: str
    fast_read_bps: float
    fast_write_bps: float
    slow_read_bps: float
    slow_write_bps: float
    flops_per_second: float
    source: str


_VELA = ("Arm Vela vela.ini System_Config.Ethos_U55_High_End_Embedded (core_clock 500e6, "
         "Sram_clock_scale 1.0, OffChipFlash_clock_scale 0.125) and architecture_features.py "
         "(64-bit AXI on U55); Ethos-U55-128: 128 MACs/cycle")
_ESP = ("ESP-IDF esp32s3 'SPI Flash and External SPI RAM Configuration': octal PSRAM is DTR, "
        "80 MHz -> 160 MB/s bus peak; internal SRAM (4 B/cycle at 240 MHz) and 2 cores x "
        "2 FLOPs/cycle are assumptions")
_H100 = "NVIDIA H100 SXM5 datasheet: HBM3 3.35 TB/s, 67 TFLOP/s FP32; PCIe 5.0 x16 64 GB/s"

SPACE_DEVICES: dict[str, SpaceDevice] = {
    "npu": SpaceDevice("npu", 4e9, 4e9, 0.5e9, 0.5e9, 256 * 500e6, _VELA),
    "esp32s3": SpaceDevice("esp32s3", 960e6, 960e6, 160e6, 160e6, 2 * 2 * 240e6, _ESP),
    "h100-host": SpaceDevice("h100-host", 3.35e12, 3.35e12, 64e9, 64e9, 67e12, _H100),
}


def two_spaces(fast_bytes: int, device: SpaceDevice | str) -> list[Space]:
    """``[fast (capacity fast_bytes), slow (unbounded, the default)]`` for ``device``."""
    d = SPACE_DEVICES[device] if isinstance(device, str) else device
    return [Space("fast", fast_bytes, d.fast_read_bps, d.fast_write_bps),
            Space("slow", None, d.slow_read_bps, d.slow_write_bps)]
