#!/usr/bin/env python3
"""Instructions per tree simulation of two builds, every variant, under
valgrind's cachegrind: a count that does not move with the machine's load,
where CPU time on a shared machine moves by 10% or more between two runs
of the same binary.

Each variant plays two genmoves of N playouts on one thread with a fixed
seed (deterministic work); the start-up (the same with one playout) is
subtracted. Needs valgrind.

    scripts/bench_instructions.py --before old/variago --after target/release/variago \
        --playouts 3000
"""

import argparse
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

VARIANTS = (
    "go atari yugo gorogo migoyugo wargo center-of-tao mercenary-go buying-armies "
    "group-go omino-go domingo special-stones tanbo gray-tanbo unsquare-go squares"
).split()


def instructions(engine, variant, playouts):
    """Instructions of two genmoves (after both sides buy, in Buying Armies)."""
    setup = "variago-buy_auto b\nvariago-buy_auto w\n" if variant == "buying-armies" else ""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         engine, "--variant", variant, "--playouts", str(playouts), "--threads", "1", "--seed", "1"],
        input=setup + "genmove b\ngenmove w\nquit\n", capture_output=True, text=True, check=True,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if not found:
        raise SystemExit(f"no instruction count from valgrind for {engine} {variant}")
    return int(found.group(1).replace(",", ""))


def per_simulation(engine, variant, playouts, pool):
    full = pool.submit(instructions, engine, variant, playouts)
    start = pool.submit(instructions, engine, variant, 1)
    return lambda: (full.result() - start.result()) / (2 * (playouts - 1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--playouts", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", action="append", help="only these variants (repeatable)")
    args = parser.parse_args()
    with ThreadPoolExecutor(args.jobs) as pool:
        rows = [
            (v, per_simulation(args.before, v, args.playouts, pool), per_simulation(args.after, v, args.playouts, pool))
            for v in args.variant or VARIANTS
        ]
        print("| variant | instructions per simulation, before | after | change |")
        print("| --- | --- | --- | --- |")
        for variant, before, after in rows:
            b, a = before(), after()
            print(f"| {variant} | {b:.0f} | {a:.0f} | {100 * (a / b - 1):+.2f}% |", flush=True)


if __name__ == "__main__":
    main()
