import Foundation
import Testing
@testable import ChartbookModel
@testable import ChartbookScene

@Suite struct NiceTicksTests {
    @Test func examples() {
        #expect(NiceTicks.ticks(in: 10...38, maxCount: 7) == [10, 15, 20, 25, 30, 35])
        #expect(NiceTicks.ticks(in: 0...200, maxCount: 6) == [0, 50, 100, 150, 200])
        #expect(NiceTicks.ticks(in: -0.3...0.9, maxCount: 7) == [-0.2, 0, 0.2, 0.4, 0.6, 0.8])
        #expect(
            NiceTicks.ticks(in: 0...1, maxCount: 11) == [
                0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1,
            ])
        #expect(NiceTicks.ticks(in: 2...4, maxCount: 3) == [2, 3, 4])
        #expect(NiceTicks.ticks(in: 5...5, maxCount: 4) == [5])
        #expect(NiceTicks.ticks(in: 0...Double.infinity, maxCount: 4) == [])
        #expect(NiceTicks.ticks(in: -1.7e308...1.7e308, maxCount: 5) == [-1e308, 0, 1e308])
    }

    /// For random ranges and rooms: inside the range, evenly spaced, round (multiples of a
    /// 1-2-5 step), no more than the room, and at least two when there is room for five.
    @Test func propertiesOnRandomRanges() {
        var generator = SystemRandomNumberGenerator.Seeded(seed: 2026)
        for _ in 0..<5000 {
            let magnitude = pow(10, Double.random(in: -12...12, using: &generator))
            let a = Double.random(in: -1...1, using: &generator) * magnitude
            let b = a + Double.random(in: 1e-3...10, using: &generator) * magnitude
            let room = Int.random(in: 1...30, using: &generator)
            let ticks = NiceTicks.ticks(in: a...b, maxCount: room)
            guard let step = NiceTicks.step(for: a...b, maxCount: room) else {
                Issue.record("no step for \(a)...\(b) in \(room)")
                continue
            }
            #expect(ticks.count <= room)
            if room >= 5 { #expect(ticks.count >= 2, "\(a)...\(b) room \(room): \(ticks)") }
            #expect(ticks.allSatisfy { $0 >= a && $0 <= b })
            #expect(NiceTicks.mantissas.contains(step.mantissa))
            for (x, y) in zip(ticks, ticks.dropFirst()) {
                #expect(abs((y - x) - step.value) <= step.value * 1e-9)
            }
            for t in ticks {
                let k = t / step.value
                #expect(abs(k - k.rounded()) <= 1e-6 * max(1, abs(k)))
            }
        }
    }
}

extension SystemRandomNumberGenerator {
    /// A deterministic generator (SplitMix64) for property tests.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

/// Issue 10: labels past 10,000 read with suffixes by default; thousands can be grouped.
@Suite struct LabelFormatTests {
    @Test func autoSwitchesToSuffixesAtTenThousand() {
        #expect(LabelFormatter().labels(for: [0, 2500, 5000]) == ["0", "2500", "5000"])
        #expect(LabelFormatter().labels(for: [0, 25000, 50000]) == ["0", "25K", "50K"])
        #expect(LabelFormatter(format: .plain).labels(for: [25000]) == ["25000"])
        // Past a quadrillion: the value's exponent form, never `1.8e296T`.
        #expect(LabelFormatter().labels(for: [-1.7e308, 1.7e308]) == ["-1.7e308", "1.7e308"])
        #expect(LabelFormatter(format: .suffix).labels(for: [2e18]) == ["2e18"])
        #expect(
            LabelFormatter(format: .grouped).labels(for: [1_250_000, -2500.5]) == [
                "1,250,000.0", "-2,500.5",
            ])
    }
}

/// Issue 54: an axis of counts alone is ticked at whole numbers (it was 0, 0.5, 1, 1.5, 2).
@Suite struct CountAxisTests {
    @Test func countsAreTickedAtWholeNumbers() {
        for (hi, rows) in [(2.0, 22), (1.0, 30), (3.0, 40), (7.0, 12)] {
            var request = YAxisPlan.Request(
                extent: (0, hi), mode: .auto, lines: ReferenceLines(), rows: rows,
                transform: .identity)
            request.wholeNumbers = true
            let plan = YAxisPlan.make(request)
            #expect(plan.ticks.allSatisfy { $0 == $0.rounded() }, "0…\(hi) on \(rows) rows")
            #expect(plan.ticks.count >= 2 && plan.ticks.contains(0))
            request.wholeNumbers = false
            if hi <= 2 { #expect(YAxisPlan.make(request).ticks.contains(0.5)) }
        }
    }
}
