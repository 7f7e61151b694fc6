// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A path dependency is named after its folder: whatever the checkout is called.
let main = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
    .lastPathComponent.lowercased()

// libFuzzer executables for chartbook's four input surfaces. A package of its own: these
// link only with `--sanitize fuzzer` (libFuzzer provides `main`), so they stay out of the
// main package's plain `swift build`. Build and run them with Scripts/fuzz.
let package = Package(
    name: "chartbook-fuzz",
    dependencies: [.package(path: "..")],
    targets: ["commands", "readers", "layout", "expressions"].map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: [.product(name: "ChartbookFuzzing", package: main)],
            path: "Sources/fuzz-\(name)")
    },
    swiftLanguageModes: [.v6]
)
