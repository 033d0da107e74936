#!/usr/bin/env python3
"""Adds COUNT copies of a database's first link under codes z + 6 alphabet digits
(z222222, z222223, ...), ids lnk_bench0000000000000 onwards, no alias: the store of a
large installation, written straight into SQLite for the benchmarks (not run by CI).

Usage: Benchmarks/seed_links.py DATABASE COUNT
"""
import sqlite3
import sys

ALPHABET = "23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"


def code(i):
    digits = ""
    for _ in range(6):
        digits = ALPHABET[i % 54] + digits
        i //= 54
    return "z" + digits


def seed(database, count):
    db = sqlite3.connect(database)
    columns = [d[0] for d in db.execute("SELECT * FROM links LIMIT 1").description]
    template = list(db.execute("SELECT * FROM links LIMIT 1").fetchone())
    at = {name: columns.index(name) for name in ("id", "code", "document", "alias")}
    old_id, old_code, document = template[at["id"]], template[at["code"]], template[at["document"]]

    def rows():
        for i in range(count):
            values = list(template)
            new_id, new_code = f"lnk_bench{i:013d}", code(i)
            values[at["id"]], values[at["code"]], values[at["alias"]] = new_id, new_code, None
            values[at["document"]] = document.replace(old_id, new_id).replace(old_code, new_code)
            yield values

    db.executemany(f"INSERT INTO links ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})", rows())
    db.commit()


if __name__ == "__main__":
    seed(sys.argv[1], int(sys.argv[2]))
