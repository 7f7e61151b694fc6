// swift-tools-version: 6.0
import PackageDescription

// Module direction (see Docs/architecture.md):
//   chartbook (executable) → ChartbookKit → ChartbookCommands → ChartbookData → ChartbookModel
//                                          → ChartbookTerminal → ChartbookScene → ChartbookModel
//                                          → ChartbookRaster → CRsvg (SVG → PNG/PDF)
let package = Package(
    name: "chartbook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "chartbook", targets: ["chartbook"]),
        // For Scripts/bench-csv, which compares the reader with SwiftCSV outside this package.
        .library(name: "ChartbookData", targets: ["ChartbookData"]),
        // For the libFuzzer executables in Fuzz/ (a package of their own).
        .library(name: "ChartbookFuzzing", targets: ["ChartbookFuzzing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .target(name: "ChartbookModel"),
        // The system SQLite (read-only queries for `load sqlite:…`): its header only; the
        // library is opened with dlopen when a database is first read (issue 53: start-up).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // libpq, PostgreSQL's own client (`load postgres://…`, remote datasets).
        // Its header only: the library is opened with dlopen when a server is first asked.
        .systemLibrary(name: "CLibPQ"),
        // libcurl, for ClickHouse's HTTP interface (URLSession on Linux polls while it waits):
        // its header only; the library is opened with dlopen when a server is first asked.
        .systemLibrary(name: "CCurl"),
        .target(
            name: "ChartbookData", dependencies: ["ChartbookModel", "CSQLite", "CLibPQ", "CCurl"]),
        // librsvg and cairo, which turn chartbook's SVG into PNG and PDF (`save png`, `save pdf`),
        // and libsixel: their types only (own headers); the libraries are opened with dlopen
        // when a picture is first drawn, not linked (issue 53: start-up).
        .systemLibrary(name: "CRsvg"),
        .systemLibrary(name: "CSixel"),
        .target(name: "ChartbookRaster", dependencies: ["ChartbookModel", "CRsvg", "CSixel"]),
        // One transform model (aggregate, bin, window) and its local executor and SQL compiler.
        .target(name: "ChartbookTransform", dependencies: ["ChartbookModel", "ChartbookData"]),
        .target(name: "ChartbookScene", dependencies: ["ChartbookModel"]),
        .target(name: "ChartbookTerminal", dependencies: ["ChartbookScene", "ChartbookModel"]),
        .target(name: "ChartbookSVG", dependencies: ["ChartbookScene", "ChartbookModel"]),
        // The session as a Vega-Lite spec (reads the session; the scene only for histogram bins).
        .target(
            name: "ChartbookVegaLite",
            dependencies: ["ChartbookScene", "ChartbookModel", "ChartbookTransform"]),
        .target(
            name: "ChartbookCommands",
            dependencies: ["ChartbookModel", "ChartbookData", "ChartbookTransform"]),
        // libedit through its native API (histedit.h): its header only; the library is opened
        // with dlopen when the interactive notebook starts (see Sources/CEditLine/shim.h).
        .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev"])]),
        .target(name: "LineEditor", dependencies: ["CEditLine", "ChartbookModel"]),
        .target(
            name: "ChartbookKit",
            dependencies: [
                "ChartbookModel", "ChartbookData", "ChartbookScene", "ChartbookTerminal",
                "ChartbookSVG", "ChartbookCommands", "ChartbookVegaLite", "ChartbookRaster",
            ]),
        // The fuzz targets' logic (Fuzz/ drives it with libFuzzer; the tests replay the corpus).
        .target(
            name: "ChartbookFuzzing",
            dependencies: [
                "ChartbookKit", "ChartbookCommands", "ChartbookData", "ChartbookModel",
                "ChartbookSVG", "ChartbookTerminal", "ChartbookTransform",
            ]),
        .executableTarget(
            name: "chartbook",
            dependencies: [
                "ChartbookKit", "LineEditor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release build's 82 000 relative relocations packed (DT_RELR, glibc 2.36+)
            // by the toolchain's lld: 1.9 MB of table the loader no longer reads at every
            // start (-0.3 ms, -1.3 MiB resident; Docs/performance.md).
            // And the functions the common commands run placed side by side, in the order of
            // Scripts/chartbook.order (written by Scripts/order-functions): the kernel maps
            // code 64 KiB around each first touch, so 1.2 MB of code run scattered over 20 MB
            // kept 9 MiB resident. A symbol the list names and the binary lacks is passed over.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                        "-Xlinker",
                        "--symbol-ordering-file=\(Context.packageDirectory)/Scripts/chartbook.order",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ],
                    .when(configuration: .release))
            ]),
        .testTarget(name: "ChartbookModelTests", dependencies: ["ChartbookModel"]),
        .testTarget(
            name: "ChartbookTransformTests",
            dependencies: [
                "ChartbookTransform", "ChartbookModel", "ChartbookData", "CSQLite", "CLibPQ",
            ],
            // The tests set up their servers and databases through libpq and SQLite directly
            // (chartbook dlopens both).
            linkerSettings: [.linkedLibrary("pq"), .linkedLibrary("sqlite3")]),
        // Replays every saved fuzz input (Fuzz/corpus, Fuzz/crashes), found via #filePath.
        .testTarget(name: "ChartbookFuzzingTests", dependencies: ["ChartbookFuzzing"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
        // The executable's own logic: its quick reading of the flags against the parser's.
        .testTarget(
            name: "chartbookTests",
            dependencies: [
                "chartbook", "ChartbookData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "ChartbookRasterTests", dependencies: ["ChartbookRaster"]),
        .testTarget(
            name: "ChartbookSVGTests",
            dependencies: ["ChartbookSVG", "ChartbookScene", "ChartbookModel"]),
        .testTarget(
            name: "ChartbookDataTests", dependencies: ["ChartbookData", "CSQLite", "CLibPQ"],
            linkerSettings: [.linkedLibrary("pq"), .linkedLibrary("sqlite3")]),
        .testTarget(
            name: "ChartbookSceneTests", dependencies: ["ChartbookScene", "ChartbookData"]),
        .testTarget(
            name: "ChartbookTerminalTests",
            dependencies: ["ChartbookTerminal", "ChartbookScene", "ChartbookData"]),
        .testTarget(
            name: "ChartbookCommandsTests", dependencies: ["ChartbookCommands", "ChartbookFuzzing"]),
        // End-to-end goldens live in Tests/ChartbookKitTests/Fixtures and are found via #filePath.
        .testTarget(
            name: "ChartbookKitTests",
            dependencies: [
                "ChartbookKit", "ChartbookCommands", "ChartbookModel", "ChartbookTerminal",
                "ChartbookSVG", "ChartbookFuzzing", "ChartbookScene", "ChartbookData",
                "ChartbookVegaLite", "CSQLite", "CLibPQ",
            ],
            exclude: ["Fixtures"],
            linkerSettings: [.linkedLibrary("pq"), .linkedLibrary("sqlite3")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds emit each function in a section of its own, so that the link can order them
// (the executable's --symbol-ordering-file above; the Swift libraries are built so already).
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings =
        (target.swiftSettings ?? [])
        + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
}
