"""Synthetic camera images with ground truth, for tests, the demo and the benchmarks."""
