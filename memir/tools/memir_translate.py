"""memir-translate: the door in and out of memir IR (importers and exporters)."""
import sys
def main(argv=None) -> int:
    return 0
