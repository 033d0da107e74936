"""wrk's latency figures ("812.00us", "1.23ms", "1.02s") in milliseconds, for the scripts
that take medians of them (ladder.sh, half_saturation.sh: PYTHONPATH=Benchmarks)."""


def ms(text):
    if text.endswith("us"):
        return float(text[:-2]) / 1000
    if text.endswith("ms"):
        return float(text[:-2])
    return float(text[:-1]) * 1000
