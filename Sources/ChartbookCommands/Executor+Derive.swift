import ChartbookModel
import ChartbookTransform

/// `let DATASET.COLUMN = EXPRESSION`: computed columns (`Derivation`), typed before they are
/// computed, errors pointing into the expression.
extension Executor {
    func derive(
        _ name: Located<String>, _ column: Located<String>, _ expression: Located<String>,
        in s: inout Session
    ) throws(Diagnostic) -> [Effect] {
        let existing = try existingDataset(name, in: s)
        if existing.remote != nil {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: existing.name, needs: "computed columns (let)"),
                at: name.range)
        }
        var dataset = try readAllColumns(of: existing, at: name.range)
        let derivation = Derivation(name: column.value, expression: expression.value)
        let (computed, zeros) = try computed(
            derivation, in: dataset, zone: s.timeZone, at: expression.range)
        try place(computed, derivation, in: &dataset, at: column.range)
        s.upsert(dataset)
        let kind = computed.kindName
        var said =
            "let \(TextMetrics.sanitized(name.value)).\(TextMetrics.sanitized(column.value)): a \(kind) column of \(dataset.count) rows"
        let missing = (0..<computed.count).lazy.filter { computed.text(at: $0).isEmpty }.count
        if missing > 0 { said += ", \(missing) missing" }
        if zeros > 0 { said += " (\(zeros) division\(zeros == 1 ? "" : "s") by zero)" }
        return [.feedback(said + "\n"), .render]
    }

    /// The column `derivation` computes over `dataset`, and how many divisions by zero it
    /// met; an expression that cannot be read or typed is refused at its part.
    func computed(
        _ derivation: Derivation, in dataset: Dataset, zone: TimeZoneSetting, at range: SourceRange
    ) throws(Diagnostic) -> (Column, Int) {
        do throws(ExpressionError) {
            let parsed = try ExpressionParser.parse(derivation.expression)
            let (checked, _) = try ExpressionChecker(dataset: dataset, timeZone: zone).checked(
                parsed)
            var evaluator = ExpressionEvaluator(
                ExpressionContext(
                    dataset: dataset, timeZone: zone, memoryBudget: limits.memoryBudget))
            let values = try evaluator.evaluate(checked)
            return (values.column(named: derivation.name), evaluator.divisionsByZero)
        } catch {
            let start = range.start.column + error.span.lowerBound
            let length = max(1, min(error.span.count, max(1, range.length - error.span.lowerBound)))
            let hint =
                error.hint
                ?? Suggestion.closest(
                    to: Self.word(in: derivation.expression, error.span), in: error.candidates
                )
                .map { "did you mean '\($0)'?" }
            throw Diagnostic(
                .expression(message: error.message, hint: hint),
                at: SourceRange(line: range.start.line, column: start, length: length))
        }
    }

    /// Puts a computed column in the dataset: replacing a column an earlier `let` computed
    /// (and its derivation), never one the source gave.
    func place(
        _ column: Column, _ derivation: Derivation, in dataset: inout Dataset, at range: SourceRange
    ) throws(Diagnostic) {
        let same = { (step: DatasetStep) in
            if case .derive(let d) = step { d.name == derivation.name } else { false }
        }
        if let index = dataset.steps.firstIndex(where: same) {
            dataset.steps[index] = .derive(derivation)
            if let c = dataset.columns.firstIndex(where: { $0.name == derivation.name }) {
                dataset.columns[c] = column
            }
            return
        }
        if dataset.column(named: derivation.name) != nil {
            throw Diagnostic(.duplicateName(.column, derivation.name), at: range)
        }
        dataset.columns.append(column)
        dataset.steps.append(.derive(derivation))
    }

    /// A dataset read again with its steps (`let`, `fold`) done again, in order.
    func redone(
        _ dataset: Dataset, _ steps: [DatasetStep], zone: TimeZoneSetting, at range: SourceRange
    ) throws(Diagnostic) -> Dataset {
        guard !steps.isEmpty else { return dataset }
        var fresh = try readAllColumns(of: dataset, at: range)
        // Computed columns are computed anew (a pushed dataset still holds the old ones).
        let computedNames = Set(dataset.derivations.map(\.name))
        fresh.columns.removeAll { computedNames.contains($0.name) }
        fresh.steps = []
        for step in steps {
            switch step {
            case .derive(let derivation):
                let (column, _) = try computed(derivation, in: fresh, zone: zone, at: range)
                try place(column, derivation, in: &fresh, at: range)
            case .fold(let fold):
                fresh = try folded(fresh, fold, at: range)
                fresh.steps.append(step)
            }
        }
        return fresh
    }

    /// The word of `text` at `span` (for "did you mean").
    static func word(in text: String, _ span: Range<Int>) -> String {
        let chars = Array(text)
        guard span.lowerBound < chars.count else { return "" }
        return String(chars[span.lowerBound..<min(span.upperBound, chars.count)])
            .trimmingCharacters(in: "`")
    }
}
