#!/usr/bin/env python3
"""Latency of the GTP commands that do not search, as a client sees it.

Plays random legal moves in a fresh engine per game, and after each move
sends a round of non-search commands, timing each from the write of the
command to the blank line that ends its answer. Prints p50 and p99 per
command in milliseconds. `--variant all` measures every variant in turn,
each at `--size` or, where it does not take that size, at its own.

    scripts/gtp_latency.py --engine target/release/variago --variant wargo \
        --size 19 --commands 5000 --seed 1
"""

import argparse
import random
import subprocess
import sys
import time

# Each round: the commands a GUI or a script sends between two moves.
ROUND = [
    "variago-legal_moves",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_board",
    "gogui-rules_board_gfx",
    "gogui-rules_board_size",
    "gogui-rules_captured_count",
    "variago-board",
    "showboard",
    "printsgf",
    "list_commands",
]


class Engine:
    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )

    def send(self, command):
        start = time.perf_counter()
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise SystemExit(f"engine closed its output after {command!r}")
            if line == "\n" and lines:
                break
            lines.append(line.rstrip("\n"))
        elapsed = time.perf_counter() - start
        answer = "\n".join(lines)
        return answer[0] == "=", answer[1:].strip(), elapsed

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=10)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def variants(engine):
    """Every variant the engine plays, from `variago-list_variants`."""
    probe = Engine([engine])
    ok, names, _ = probe.send("variago-list_variants")
    probe.close()
    if not ok:
        sys.exit("the engine lists no variants")
    return names.split()


def size_args(engine, variant, size):
    """`--size size` where the variant takes it, else nothing (its own)."""
    probe = Engine([engine, "--variant", variant])
    ok, _, _ = probe.send(f"boardsize {size}")
    probe.close()
    return ["--size", str(size)] if ok else []


def measure(args, variant, rng):
    sizing = size_args(args.engine, variant, args.size)
    times = {}
    sent = 0
    while sent < args.commands:
        engine = Engine([args.engine, "--variant", variant, *sizing, "--threads", "1", "--playouts", "1"])
        # Untimed: the first answer waits for the rest of the start-up.
        engine.send("protocol_version")
        for _ in range(args.moves):
            for command in ROUND:
                ok, _, elapsed = engine.send(command)
                if ok:
                    times.setdefault(command, []).append(elapsed)
                    sent += 1
            ok, legal, elapsed = engine.send("variago-legal_moves")
            moves = legal.split()
            if not moves or sent >= args.commands:
                break
            ok, color, _ = engine.send("gogui-rules_side_to_move")
            mv = rng.choice(moves)
            ok, _, elapsed = engine.send(f"variago-play {color} {mv}")
            if not ok:
                sys.exit(f"variago-play {color} {mv} refused")
            times.setdefault("variago-play", []).append(elapsed)
            sent += 1
        engine.close()
    size = f"{args.size}x{args.size}" if sizing else "its own size"
    print(f"{variant} {size}, {sent} commands, milliseconds")
    print("| command | count | p50 | p99 |")
    print("| --- | --- | --- | --- |")
    for command, values in times.items():
        p50, p99 = percentile(values, 50) * 1000, percentile(values, 99) * 1000
        print(f"| {command} | {len(values)} | {p50:.3f} | {p99:.3f} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True)
    parser.add_argument("--variant", default="go", help="a variant, or all")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--commands", type=int, default=5000, help="timed commands in all, per variant")
    parser.add_argument("--moves", type=int, default=150, help="random moves a game at the most")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for variant in variants(args.engine) if args.variant == "all" else [args.variant]:
        measure(args, variant, rng)


if __name__ == "__main__":
    main()
