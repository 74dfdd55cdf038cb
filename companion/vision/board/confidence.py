"""What a field's confidence means: the two bars every board reading is judged by.

The reader (:mod:`.reader`) says with them whether to trust a frame, and the field
scorer (:mod:`.fields`, which the reader imports) decides with them when a glare spot
may settle a field: one value for both, here, so neither writes the other's again.
"""

from __future__ import annotations

#: A field read with less confidence than this is not sure: drawn red, and counted by
#: bench/board.py when it is wrong (the target: no wrong field is ever sure).
SURE = 0.9
#: Below this a field is unsure: the frame is then busy (the referee waits for a clearer
#: frame instead of judging a guess). Between UNSURE and SURE the reading is used but drawn
#: red; with the defaults of a fresh install many right fields lie there.
UNSURE = 0.8
