import ChartbookData
import Foundation
import SwiftCSV

/// Reads one CSV file into numeric columns with chartbook's reader and with SwiftCSV (parse
/// the file, then convert every cell with Double(_:)), and prints the median of 5 runs each.
@main
struct BenchCSV {
    static func main() throws {
        let path = CommandLine.arguments.dropFirst().first ?? "bench-data/rows-1e6.csv"
        let url = URL(fileURLWithPath: path)

        func median(_ body: () throws -> Double) rethrows -> (seconds: Double, checksum: Double) {
            var times = [Double](), checksum = 0.0
            _ = try body() // warm-up
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                checksum = try body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return (times.sorted()[2], checksum)
        }

        let chartbook = try median {
            let bytes = [UInt8](try Data(contentsOf: url))
            let table = try DelimitedReader().read(bytes)
            return table.columns.compactMap(\.numbers).map { $0.reduce(0, +) }.reduce(0, +)
        }
        let swiftcsv = try median {
            let csv = try CSV<Enumerated>(url: url, delimiter: .comma, loadColumns: false)
            var sums = [Double](repeating: 0, count: csv.header.count)
            for row in csv.rows { for (i, cell) in row.enumerated() { sums[i] += Double(cell) ?? 0 } }
            return sums.reduce(0, +)
        }
        let agree = abs(chartbook.checksum - swiftcsv.checksum) <= abs(swiftcsv.checksum) * 1e-9
        print(String(format: "chartbook DelimitedReader  %7.3f s", chartbook.seconds))
        print(String(format: "SwiftCSV 0.10.0 + Double() %7.3f s   (%.1fx slower)", swiftcsv.seconds, swiftcsv.seconds / chartbook.seconds))
        print("same sums: \(agree ? "yes" : "NO")")
    }
}
