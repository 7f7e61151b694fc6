import ChartbookModel

/// The keys of the plots' channels (`color=COLUMN`, `size=COLUMN`), one row each under the
/// chart: what each colour and each size stands for — the legend of the grammar's scales.
/// - text colours: `color origin  ● USA  ● Japan  ● Europe`, each marker in its colour;
/// - a colour ramp: `color year  1970 ████████ 1982`, the ramp's cells (shades without
///   colour);
/// - sizes: `size pop  · ≤25M  • ≤50M  ● ≤75M  ⬤ ≤100M`, the four glyphs and the largest
///   value each stands for (SVG and Vega-Lite draw areas in proportion; the terminal has
///   four sizes, and says so by the `≤`);
/// - opacities: `opacity hp  46 ●●●●● 230`, the marker at five opacities from the lowest
///   value to the highest (shades where the terminal has no colour).
extension ChartLayout {
    /// The guide rows of `plots`' channels, each at row 0 (`place(_:at:)` moves them).
    func channelGuides(_ plots: [ResolvedPlot], session: Session) -> [[Scene.Text]] {
        var seen = Set<String>(), rows = [[Scene.Text]]()
        for p in plots where seen.insert(p.plot.id).inserted {
            guard let channels = p.channels else { continue }
            let shape = glyphs.marker(p.plot.style.marker.resolvedShape)
            if let color = channels.scales.color {
                rows.append(colorGuide(color, shape: shape, session: session))
            }
            if let size = channels.scales.size {
                rows.append(sizeGuide(size))
            }
            if let shapes = channels.scales.shape {
                rows.append(shapeGuide(shapes, color: p.color))
            }
            if let opacity = channels.scales.opacity {
                rows.append(opacityGuide(opacity, shape: shape, color: p.color, session: session))
            }
        }
        return rows
    }

    /// `texts` moved to row `row`, cut at the chart's width.
    func place(_ texts: [Scene.Text], at row: Int) -> [Scene.Text] {
        texts.compactMap { text in
            guard text.column < columns else { return nil }
            var placed = text
            placed.row = row
            placed.text = TextMetrics.truncated(text.text, toWidth: columns - text.column)
            return placed
        }
    }

    func colorGuide(_ scale: ColorScale, shape: Character, session: Session) -> [Scene.Text] {
        var texts = [Scene.Text]()
        var column = 0
        func add(_ text: String, _ role: Scene.Text.Role = .legend, color: Color? = nil) {
            texts.append(Scene.Text(role: role, row: 0, column: column, text: text, color: color))
            column += TextMetrics.width(of: text)
        }
        add("color " + TextMetrics.sanitized(scale.column) + " ")
        switch scale {
        case .categorical(_, let names, let colors):
            for (name, color) in zip(names, colors) {
                guard column < columns else { break }
                add(" ")
                add(String(shape), color: color)
                add(" " + TextMetrics.sanitized(name))
            }
        case .continuous(_, let domain, let time):
            add(" " + guideValue(domain.lowerBound, time: time, session: session) + " ")
            let steps = 8
            for i in 0..<steps {
                let level = Double(i) / Double(steps - 1)
                texts.append(
                    Scene.Text(
                        role: .colorKey, row: 0, column: column + i,
                        text: glyphs.asciiOnly ? "#" : "█", color: ColorRamp.color(level),
                        shade: level))
            }
            column += steps
            add(" " + guideValue(domain.upperBound, time: time, session: session))
        }
        return texts
    }

    /// A value at an end of a key: a time in the session's zone, or a number.
    func guideValue(_ value: Double, time: Bool, session: Session) -> String {
        time
            ? XValueText.text(
                value, scale: .time, timeZone: session.timeZone, categories: XCategories())
            : Self.valueText(value)
    }

    /// `opacity hp  46 ●●●●● 230`: the plot's marker in its colour at `OpacityScale.keySteps`
    /// opacities, evenly from the lowest value to the highest.
    func opacityGuide(_ scale: OpacityScale, shape: Character, color: Color, session: Session)
        -> [Scene.Text]
    {
        var head = "opacity " + TextMetrics.sanitized(scale.column) + "  "
        head += guideValue(scale.domain.lowerBound, time: scale.time, session: session) + " "
        var texts = [Scene.Text(role: .legend, row: 0, column: 0, text: head)]
        var column = TextMetrics.width(of: head)
        let steps = OpacityScale.keySteps
        for i in 0..<steps {
            let share = Double(i) / Double(steps - 1)
            let value =
                scale.domain.lowerBound + share
                * (scale.domain.upperBound - scale.domain.lowerBound)
            var faded = color
            faded.alpha = scale.opacity(value) ?? 1
            texts.append(
                Scene.Text(
                    role: .colorKey, row: 0, column: column, text: String(shape), color: faded,
                    shade: faded.alpha))
            column += 1
        }
        let tail = " " + guideValue(scale.domain.upperBound, time: scale.time, session: session)
        texts.append(Scene.Text(role: .legend, row: 0, column: column, text: tail))
        return texts
    }

    /// `shape origin  ● Japan  ■ USA  ◆ Europe`, each value's shape in the plot's colour.
    func shapeGuide(_ scale: ShapeScale, color: Color) -> [Scene.Text] {
        var texts = [Scene.Text]()
        var column = 0
        func add(_ text: String, color: Color? = nil) {
            texts.append(
                Scene.Text(role: .legend, row: 0, column: column, text: text, color: color))
            column += TextMetrics.width(of: text)
        }
        add("shape " + TextMetrics.sanitized(scale.column) + " ")
        for (index, name) in scale.names.enumerated() {
            guard column < columns else { break }
            add(" ")
            add(String(glyphs.marker(scale.shape(index))), color: color)
            add(" " + TextMetrics.sanitized(name))
        }
        return texts
    }

    func sizeGuide(_ scale: SizeScale) -> [Scene.Text] {
        var text = "size " + TextMetrics.sanitized(scale.column) + " "
        for level in 0..<SizeScale.glyphs.count {
            let upper = scale.maximum * Double(level + 1) / Double(SizeScale.glyphs.count)
            let value = LabelFormatter().label(for: upper, significantDigits: 3)
            text += " \(glyphs.sizeGlyph(level)) ≤\(value)"
        }
        return [Scene.Text(role: .legend, row: 0, column: 0, text: text)]
    }
}
