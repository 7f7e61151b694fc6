import Foundation

import ChartbookModel

/// Makes the values of a `gen` dataset.
public enum DataGenerator {
    /// The generated column, `generator.count` values.
    public static func values(for generator: Generator) -> [Double] {
        (try? values(for: generator, shouldCancel: { false })) ?? []
    }

    /// The generated column; `shouldCancel` is polled every 64Ki values, and true stops the
    /// work with `DataError.cancelled` (Ctrl-C during a `gen` of 10⁸ points).
    public static func values(for generator: Generator, shouldCancel: () -> Bool)
        throws(DataError) -> [Double]
    {
        var random = RandomSource(seed: generator.seed)
        var values = [Double]()
        values.reserveCapacity(generator.count)
        var level = 0.0
        for i in 0..<generator.count {
            if i & 0xffff == 0xffff, shouldCancel() { throw .cancelled }
            switch generator.kind {
            case .sine: values.append(sin(2 * Double.pi * Double(i) / generator.period))
            case .linear: values.append(Double(i))
            case .noise: values.append(random.nextGaussian())
            case .walk:
                if i > 0 { level += random.nextGaussian() }
                values.append(level)
            }
        }
        // Six significant digits keep generated data readable and stable in text.
        return values.map { ($0 * 1e6).rounded() / 1e6 }
    }

    public static func dataset(named name: String, generator: Generator) -> Dataset {
        (try? dataset(named: name, generator: generator, shouldCancel: { false }))
            ?? Dataset(name: name, columns: [], source: .generated(generator))
    }

    public static func dataset(
        named name: String, generator: Generator, shouldCancel: () -> Bool
    ) throws(DataError) -> Dataset {
        // The one column is named like the dataset (as for `data`), so `NAME` and
        // `NAME.NAME` both name the series and the default plot id is the dataset's name.
        Dataset(
            name: name,
            columns: [
                Column(
                    name: name, numbers: try values(for: generator, shouldCancel: shouldCancel))
            ],
            source: .generated(generator))
    }
}
