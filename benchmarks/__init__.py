"""The figures the README quotes: run each from the repository root as ``python -m benchmarks.<name>``."""
