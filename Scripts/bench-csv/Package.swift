// swift-tools-version: 6.0
// A separate package so SwiftCSV never becomes a dependency of chartbook itself.
import Foundation
import PackageDescription

/// The root package's identity is its directory's name, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "bench-csv",
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
    ],
    targets: [
        .executableTarget(name: "bench-csv", dependencies: [
            .product(name: "ChartbookData", package: root),
            .product(name: "SwiftCSV", package: "SwiftCSV"),
        ]),
    ]
)
