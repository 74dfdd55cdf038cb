"""The fast percentile and median give numpy's numbers to the last bit."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from companion.vision.dice.quantiles import median, percentile, percentiles

floats32 = hnp.arrays(
    np.float32,
    st.integers(1, 300),
    elements=st.floats(0, 1e4, width=32) | st.sampled_from([0.0, 1.0, 2.5]),  # ties too
)


@given(floats32, st.floats(0, 100))
def test_percentile_is_numpys(values, q):
    assert percentile(values, q) == float(np.percentile(values, q))


@given(floats32)
def test_median_is_numpys(values):
    assert median(values) == float(np.median(values))


@given(floats32)
def test_several_percentiles_are_numpys(values):
    qs = (1.5, 50, 98.5)
    assert percentiles(values, qs) == [float(v) for v in np.percentile(values, qs)]
