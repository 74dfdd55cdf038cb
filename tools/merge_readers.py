#!/usr/bin/env python3
"""Merge several reader networks into one ONNX file that answers with their mean.

Readers trained alike but apart (another seed, another run) disagree most on the photos
none of them learnt from, and their mean reads a table never seen better and is less often
sure where it is wrong than any one of them (docs/dice.md, "Several readers as one").
The merged file takes the same input (``crops``, N×3×n×n) and gives the same output
(``out``, N×13) as each member, so `companion.vision.dice.net` runs it unchanged:

* the ten class columns are the log of the members' mean probabilities, so the softmax
  that ``net.look`` takes of them is that mean;
* the three place columns (dx, dy, log side ratio) are the members' mean.

    tools/merge_readers.py A.onnx B.onnx [...] -o companion/vision/dice/dicereader.onnx

Needs the ``onnx`` package (as the trainer does); the result is checked against the
members run one by one by ``cv2.dnn``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

CLASSES = 10  # no die, 1..9 pips; then dx, dy, log side ratio


def _member(model: onnx.ModelProto, prefix: str) -> onnx.GraphProto:
    """The member's graph with every name but the input ``crops`` prefixed."""
    graph = model.graph
    keep = {graph.input[0].name}

    def rename(name: str) -> str:
        return name if not name or name in keep else prefix + name

    for node in graph.node:
        node.name = rename(node.name)
        node.input[:] = [rename(n) for n in node.input]
        node.output[:] = [rename(n) for n in node.output]
    for init in graph.initializer:
        init.name = rename(init.name)
    for value in graph.output:
        value.name = rename(value.name)
    return graph


def merge(paths: list[Path]) -> onnx.ModelProto:
    """One model whose output is the members' mean (see the module's docstring)."""
    models = [onnx.load(str(p)) for p in paths]
    first = models[0].graph
    nodes: list[onnx.NodeProto] = []
    inits: list[onnx.TensorProto] = []
    probs, places = [], []
    const = {
        "c0": [0],
        "c10": [CLASSES],
        "c13": [CLASSES + 3],
        "axis1": [1],
    }
    for name, value in const.items():
        inits.append(numpy_helper.from_array(np.array(value, np.int64), name))
    inits.append(numpy_helper.from_array(np.array(1.0 / len(models), np.float32), "share"))
    for i, model in enumerate(models):
        graph = _member(model, f"m{i}_")
        nodes.extend(graph.node)
        inits.extend(graph.initializer)
        out = graph.output[0].name
        logits, place, p = f"m{i}_logits", f"m{i}_place", f"m{i}_p"
        nodes.append(helper.make_node("Slice", [out, "c0", "c10", "axis1"], [logits]))
        nodes.append(helper.make_node("Slice", [out, "c10", "c13", "axis1"], [place]))
        nodes.append(helper.make_node("Softmax", [logits], [p], axis=1))
        probs.append(p)
        places.append(place)
    nodes.append(helper.make_node("Sum", probs, ["p_sum"]))
    nodes.append(helper.make_node("Mul", ["p_sum", "share"], ["p_mean"]))
    nodes.append(helper.make_node("Log", ["p_mean"], ["log_p"]))
    nodes.append(helper.make_node("Sum", places, ["place_sum"]))
    nodes.append(helper.make_node("Mul", ["place_sum", "share"], ["place_mean"]))
    nodes.append(helper.make_node("Concat", ["log_p", "place_mean"], ["out"], axis=1))
    output = helper.make_tensor_value_info("out", TensorProto.FLOAT, ["n", CLASSES + 3])
    graph = helper.make_graph(nodes, "readers", [first.input[0]], [output], inits)
    merged = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    merged.doc_string = "mean of: " + ", ".join(p.name for p in paths)
    onnx.checker.check_model(merged)
    return merged


def check(merged: Path, members: list[Path], side: int) -> float:
    """The largest difference between the merged file's answer and the members' mean,
    both run by cv2.dnn on random crops."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=(16, 3, side, side)).astype(np.float32)

    def run(path: Path) -> np.ndarray:
        net = cv2.dnn.readNetFromONNX(str(path))
        net.setInput(x)
        return np.asarray(net.forward(), np.float32)

    outs = [run(p) for p in members]
    probs = [np.exp(o[:, :CLASSES] - o[:, :CLASSES].max(1, keepdims=True)) for o in outs]
    mean_p = np.mean([p / p.sum(1, keepdims=True) for p in probs], axis=0)
    want = np.concatenate([np.log(mean_p), np.mean([o[:, CLASSES:] for o in outs], 0)], 1)
    return float(np.abs(run(merged) - want).max())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("members", type=Path, nargs="+", help="reader ONNX files")
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args()
    for path in args.members:
        if not path.is_file():
            raise SystemExit(f"no reader network at {path}")
    merged = merge(args.members)
    # written beside the output and checked first: a file that disagrees with its members
    # never replaces the reader it was meant to replace
    trial = args.output.with_name(args.output.name + ".new")
    onnx.save(merged, str(trial))
    side = merged.graph.input[0].type.tensor_type.shape.dim[2].dim_value
    error = check(trial, args.members, side)
    if error > 1e-4:
        trial.unlink()
        raise SystemExit(f"merged file disagrees with its members by {error:.2e}; nothing written")
    trial.replace(args.output)
    size = args.output.stat().st_size
    count = len(args.members)
    print(f"wrote {args.output} ({size} bytes, {count} readers); cv2.dnn agrees to {error:.2e}")


if __name__ == "__main__":
    main()
