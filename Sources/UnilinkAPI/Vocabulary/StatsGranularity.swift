/// The buckets of a stats series, in the zone asked for.
public enum StatsGranularity: String, WireEnum {
    case hour, day, month
}
