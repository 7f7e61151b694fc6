import ChartbookData
import ChartbookModel

/// What the transform compiler writes differently per engine, beyond the dialect's literals
/// and quoting (`SQLDialect` in ChartbookData, which every question of an engine shares):
/// how a calendar unit is found in a time zone, how a value becomes text, how NULLs compare.
extension SQLDialect {
    /// How many distinct values `value` takes, NULL not one of them (ClickHouse: `uniqExact`,
    /// said outright rather than left to its `count_distinct_implementation` setting).
    func countDistinct(_ value: String) -> String {
        engine == .clickhouse ? "uniqExact(\(value))" : "COUNT(DISTINCT \(value))"
    }

    /// `a` and `b` equal, NULL equal to NULL.
    func same(_ a: String, _ b: String) -> String {
        switch engine {
        case .sqlite: "\(a) IS \(b)"
        case .postgres: "\(a) IS NOT DISTINCT FROM \(b)"
        case .clickhouse: "(\(a) = \(b) OR (\(a) IS NULL AND \(b) IS NULL))"
        }
    }

    /// What ends a subquery so that the planner keeps it one of its own (an "optimisation
    /// fence"): no row is left out.
    var fence: String {
        switch engine {
        case .sqlite: "LIMIT -1 OFFSET 0"
        case .postgres: "OFFSET 0"
        // A subquery stays one of its own.
        case .clickhouse: ""
        }
    }

    /// The key of the time `t` (seconds since the epoch) for a calendar unit, in `zone`:
    /// the unit's start in seconds since the epoch, or a cyclic unit's position.
    func timeKey(_ unit: TimeUnit, _ t: String, zone: TimeZoneSetting) throws(TransformError)
        -> String
    {
        switch engine {
        case .clickhouse: return try clickHouseTimeKey(unit, t, zone: zone)
        case .postgres: return try postgresTimeKey(unit, t, zone: zone)
        case .sqlite:
            // SQLite knows UTC and the machine's zone only: a fixed offset is arithmetic,
            // a zone with daylight saving time is refused.
            guard let offset = zone.fixedOffset else {
                throw .unsupported(
                    "calendar units in the time zone \(zone.name) (only fixed offsets)",
                    backend: name)
            }
            return sqliteTimeKey(unit, "(\(t) + \(offset))", offset: offset)
        }
    }

    private func sqliteTimeKey(_ unit: TimeUnit, _ wall: String, offset: Int) -> String {
        func start(_ modifiers: String...) -> String {
            let list = modifiers.map { ", " + $0 }.joined()
            return "(CAST(strftime('%s', \(wall), 'unixepoch'\(list)) AS REAL) - \(offset))"
        }
        func part(_ format: String) -> String {
            "CAST(strftime('\(format)', \(wall), 'unixepoch') AS INTEGER)"
        }
        switch unit {
        case .year: return start("'start of year'")
        case .quarter:
            return start("'start of month'", "printf('-%d months', (\(part("%m")) - 1) % 3)")
        case .month: return start("'start of month'")
        case .week: return start("'start of day'", "'-6 days'", "'weekday 1'")
        case .day: return start("'start of day'")
        case .hour: return "(floor(\(wall) / 3600) * 3600 - \(offset))"
        case .minute: return "(floor(\(wall) / 60) * 60 - \(offset))"
        case .monthOfYear: return "(\(part("%m")) - 1)"
        case .dayOfWeek: return "((\(part("%w")) + 6) % 7)"
        case .hourOfDay: return part("%H")
        }
    }

    /// ClickHouse's calendar functions, which take the zone by its tz database name (a
    /// fixed offset is arithmetic, as for SQLite). They read a `DateTime`: whole seconds from
    /// 1970 to 2106 — a time outside fails the query (`throwIf`), never gives a wrong key.
    private func clickHouseTimeKey(_ unit: TimeUnit, _ t: String, zone: TimeZoneSetting)
        throws(TransformError) -> String
    {
        let offset = zone.fixedOffset
        let zoneName = offset == nil ? zone.name : "UTC"
        // (A tz database name; this engine's literals also read backslashes as escapes.)
        guard zoneName.unicodeScalars.allSatisfy({ Self.zoneNameScalars.contains($0) }) else {
            throw .unsupported("calendar units in the time zone \(zoneName)", backend: name)
        }
        let z = quoting.literal(zoneName)
        let wall = offset.map { "(\(t) + \($0))" } ?? t
        let back = offset.map { " - \($0)" } ?? ""
        let time = "toDateTime(toUInt32(floor(\(wall))), \(z))"
        let outside = "throwIf(\(wall) < 0 OR \(wall) >= 4294967296)"
        func start(_ function: String, day: Bool = false) -> String {
            let at = "\(function)(\(time), \(z))"
            let instant = day ? "toDateTime(\(at), \(z))" : at
            return "(toFloat64(toUnixTimestamp(\(instant)))\(back) + \(outside))"
        }
        if let function = calendarStarts[unit] {
            // (The start of a week and longer is a Date, made a DateTime again.)
            return start(function, day: unit != .hour && unit != .minute && unit != .day)
        }
        switch unit {
        case .monthOfYear: return "(toMonth(\(time), \(z)) - 1 + \(outside))"
        case .dayOfWeek: return "(toDayOfWeek(\(time), \(z)) - 1 + \(outside))"
        case .hourOfDay: return "(toHour(\(time), \(z)) + \(outside))"
        default:
            throw .unsupported("calendar unit \(unit.rawValue)", backend: name)
        }
    }

    /// What a tz database name is written with.
    private static let zoneNameScalars = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/_+-".unicodeScalars)

    private func postgresTimeKey(_ unit: TimeUnit, _ t: String, zone: TimeZoneSetting)
        throws(TransformError) -> String
    {
        if let offset = zone.fixedOffset, let key = fixedOffsetKey(unit, t, offset: offset) {
            return key
        }
        // The zone as PostgreSQL reads it: a tz database name, or an offset as an interval
        // (a POSIX zone string would read its sign the other way round).
        let z =
            zone.fixedOffset.map { "INTERVAL '\($0) seconds'" }
            ?? quoting.literal(zone.name)
        let wall = "(to_timestamp(\(t)) AT TIME ZONE \(z))"
        // (date_part, not EXTRACT: the same double, where EXTRACT computes a numeric per row
        // — 1.4 times the time of a monthly aggregate of 10⁸ rows.)
        func start(_ field: String) -> String {
            "date_part('epoch', date_trunc('\(field)', \(wall)) AT TIME ZONE \(z))"
        }
        if let field = calendarStarts[unit] { return start(field) }
        switch unit {
        case .monthOfYear: return "(date_part('month', \(wall))::int - 1)"
        case .dayOfWeek: return "(date_part('isodow', \(wall))::int - 1)"
        case .hourOfDay: return "date_part('hour', \(wall))::int"
        default: throw .unsupported("calendar unit \(unit.rawValue)", backend: name)
        }
    }

    /// The key of `t` for a unit of fixed length (a day, its week, an hour, a minute) in a
    /// zone `offset` seconds east of UTC, in arithmetic on the seconds — exactly the local
    /// executor's (`TimeBinner`: floors of the wall clock's seconds, in doubles; NULL outside
    /// `TimeUnit.calendarSeconds`), where `to_timestamp` rounds to microseconds and
    /// `date_trunc` keys times beyond the executor's calendar. (A weekly aggregate of 10⁸
    /// rows in UTC: 40 s, against 37 s through `date_trunc` — this engine computes a
    /// column's value again for each reference, and the range test is one more.) Nil for
    /// the others.
    func fixedOffsetKey(_ unit: TimeUnit, _ t: String, offset: Int) -> String? {
        // (In UTC the wall clock is `t` itself: each reference is computed again per row.)
        let o = real(Double(offset))
        let wall = offset == 0 ? t : "(\(t) + \(o))"
        let day = "floor(\(wall) / 86400.0)"
        let start: String
        switch unit {
        case .day: start = "\(day) * 86400.0"
        // Monday's day: 1970-01-01 (day 0) was a Thursday.
        case .week: start = "(7.0 * floor((\(day) + 3.0) / 7.0) - 3.0) * 86400.0"
        case .hour: start = "floor(\(wall) / 3600.0) * 3600.0"
        case .minute: start = "floor(\(wall) / 60.0) * 60.0"
        default: return nil
        }
        let limit = real(TimeUnit.calendarSeconds)
        let inside =
            offset == 0
            ? "abs(\(t)) < \(limit)" : "abs(\(t)) < \(limit) AND abs(\(wall)) < \(limit)"
        return "(CASE WHEN \(inside) THEN \(start)\(offset == 0 ? "" : " - \(o)") END)"
    }
}
