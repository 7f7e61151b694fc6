import ChartbookData
import ChartbookModel

extension ExpressionFunction {
    /// A part of a time, on the session's wall clock.
    static func part(
        _ name: String, _ summary: String,
        _ f: @escaping @Sendable (CivilCalendar.Date, Double) -> Double
    )
        -> ExpressionFunction
    {
        ExpressionFunction(
            name: name, signature: "\(name)(t)", summary: summary, arity: 1...1,
            type: { $0 == [.time] ? .number : nil },
            apply: { args, context in
                var clock = ZoneClock(context.timeZone)
                return .numbers(
                    args[0].numbers.map { t in
                        guard abs(t) < TimeUnit.calendarSeconds else { return .nan }
                        let wall = clock.wall(t)
                        guard abs(wall) < TimeUnit.calendarSeconds else { return .nan }
                        let day = Int((wall / 86_400).rounded(.down))
                        return f(CivilCalendar.date(fromDays: day), wall - Double(day) * 86_400)
                    })
            })
    }

    static let time: [ExpressionFunction] = [
        part("year", "the year") { d, _ in Double(d.year) },
        part("month", "the month, 1 to 12") { d, _ in Double(d.month) },
        part("day", "the day of the month") { d, _ in Double(d.day) },
        part("weekday", "the day of the week, 1 (Monday) to 7 (Sunday)") { d, _ in
            Double(CivilCalendar.weekday(ofDays: CivilCalendar.days(from: d)) + 1)
        },
        part("hour", "the hour, 0 to 23") { _, s in (s / 3600).rounded(.down) },
        part("minute", "the minute, 0 to 59") { _, s in
            (s / 60).rounded(.down).truncatingRemainder(dividingBy: 60)
        },
        ExpressionFunction(
            name: "date", signature: "date(year, month, day)",
            summary:
                "the time at midnight of that date, in the session's zone (missing for no such date)",
            arity: 3...3, type: { $0 == [.number, .number, .number] ? .time : nil },
            apply: { args, context in
                let (y, m, d) = (args[0].numbers, args[1].numbers, args[2].numbers)
                var clock = ZoneClock(context.timeZone)
                return .times(
                    y.indices.map { i in
                        guard let year = Int(exactly: y[i]), let month = Int(exactly: m[i]),
                            let day = Int(exactly: d[i]), (-9999...9999).contains(year)
                        else { return .nan }
                        let date = CivilCalendar.Date(year: year, month: month, day: day)
                        guard CivilCalendar.isValid(date) else { return .nan }
                        return clock.instant(
                            ofWall: Double(CivilCalendar.days(from: date)) * 86_400)
                    })
            }),
        ExpressionFunction(
            name: "parse", signature: "parse(x, \"FORMAT\")",
            summary: "text or a number read as a time by a pattern (the patterns of load … time=)",
            arity: 2...2,
            type: { t in
                t.count == 2 && t[0] != .bool && t[0] != .time && t[1] == .text ? .time : nil
            },
            apply: { args, context in
                guard case .texts(let patterns) = args[1], let pattern = patterns.first,
                    let format = try? TimeFormat(pattern)
                else { return .times(Array(repeating: .nan, count: args[0].count)) }
                var clock = ZoneClock(context.timeZone)
                return .times(
                    (0..<args[0].count).map { i in
                        let text = args[0].text(at: i)
                        guard !text.isEmpty, let parsed = format.parse(text) else { return .nan }
                        if let offset = parsed.offset {
                            return parsed.seconds(assumingOffset: offset)
                        }
                        return clock.instant(ofWall: parsed.wallSeconds)
                    })
            }),
    ]
}
