import Testing
@testable import ChartbookModel

@Suite struct ViewTests {
    @Test func autoShowsEverything() {
        #expect(View().window(count: 1000, widthCells: 60) == 0..<1000)
        #expect(View().window(count: 0, widthCells: 60) == 0..<0)
        #expect(View().window(count: 1, widthCells: 60) == 0..<1)
    }

    @Test func spacingMakesAWindowClampedToTheData() {
        var v = View()
        v.spacing = .cells(3)
        #expect(v.capacity(count: 1000, widthCells: 60) == 21)
        #expect(v.window(count: 1000, widthCells: 60) == 0..<21)
        v.anchor = .start(990)
        #expect(v.window(count: 1000, widthCells: 60) == 979..<1000)
        v.anchor = .start(-5)
        #expect(v.window(count: 1000, widthCells: 60) == 0..<21)
        #expect(v.window(count: 5, widthCells: 60) == 0..<5)  // window larger than data
    }

    @Test func rtlFollowsTheNewest() {
        var v = View()
        v.spacing = .cells(2)
        v.direction = .rtl
        v.anchor = .end(0)
        #expect(v.window(count: 100, widthCells: 40) == 79..<100)
        #expect(v.window(count: 150, widthCells: 40) == 129..<150)  // data grew: still the newest
        v.anchor = .end(10)
        #expect(v.window(count: 100, widthCells: 40) == 69..<90)
        #expect(v.anchor(showingFrom: 50, count: 100, widthCells: 40) == .end(29))
    }

    @Test func paddingAndPoints() {
        var v = View()
        v.spacing = .cells(2)
        v.paddingLeft = 4
        v.paddingRight = 4
        #expect(v.capacity(count: 100, widthCells: 40) == 17)
        v.spacing = .points(10)
        #expect(v.window(count: 100, widthCells: 40).count == 10)
    }
}

@Suite struct DatasetWindowTests {
    @Test func appendKeepsTheNewest() {
        var d = Dataset(
            name: "d",
            columns: [
                Column(name: "a", numbers: [1, 2, 3]), Column(name: "b", numbers: [4, 5, 6]),
            ],
            source: .inline, window: 3)
        d.append(row: [7, 8])
        #expect(d.columns[0].numbers == [2, 3, 7] && d.columns[1].numbers == [5, 6, 8])
        d.window = 2
        d.applyWindow()
        #expect(d.count == 2)
    }
}

/// An ascending x column's extent is read from its ends (no pass over every row), and is
/// the extent a pass finds: on a linear and a log scale (only values above 0), ascending or
/// not, with a missing value.
@Suite struct XExtentTests {
    func session(xs: [Double]) -> Session {
        var s = Session()
        s.datasets = [
            Dataset(
                name: "d",
                columns: [
                    Column(name: "x", numbers: xs),
                    Column(name: "v", numbers: xs.map { _ in 1 }),
                ], source: .inline)
        ]
        var binding = PlotBinding()
        binding.x = "x"
        s.plots = [
            Plot(
                id: "p", kind: .line, series: SeriesReference(dataset: "d", column: "v"),
                style: PlotStyle(), binding: binding)
        ]
        return s
    }

    @Test func ascendingEndsAreThePassesExtent() {
        let ascending = session(xs: [-3, -1, 0, 2, 5, 9])
        #expect(ascending.xExtent(on: .linear) == -3...9)
        #expect(ascending.xExtent(on: .log) == 2...9)
        let shuffled = session(xs: [5, -3, 9, .nan, 2, 0])
        #expect(shuffled.xExtent(on: .linear) == -3...9)
        #expect(shuffled.xExtent(on: .log) == 2...9)
        #expect(session(xs: [-2, -1]).xExtent(on: .log) == nil)
        #expect(Column(name: "x", numbers: [1, 1, 2, 2, 2, 3]).longestRun == 3)
        #expect(Column(name: "x", numbers: []).longestRun == 0)
    }
}

/// A library opened when first used: a missing one, or a missing function, is an error that
/// names it and the package to install — never a crash (issue 53).
@Suite struct SharedLibraryTests {
    @Test func aMissingLibraryOrFunctionIsSaid() throws {
        #expect(throws: SharedLibrary.Missing.self) {
            try SharedLibrary(["libchartbook-nosuch.so.9"], package: "nosuch1")
        }
        do {
            _ = try SharedLibrary(["libchartbook-nosuch.so.9"], package: "nosuch1")
        } catch {
            #expect(error.reason.contains("libchartbook-nosuch.so.9"))
            #expect(error.reason.contains("install nosuch1"))
        }
        let c = try SharedLibrary(["libc.so.6"], package: "libc6")
        typealias Length = @convention(c) (UnsafePointer<CChar>?) -> Int
        let strlen: Length = try c.function("strlen")
        #expect(strlen("chart") == 5)
        #expect(throws: SharedLibrary.Missing.self) {
            try c.function("no_such_function", as: Length.self)
        }
    }
}
