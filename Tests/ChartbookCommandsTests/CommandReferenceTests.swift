import Foundation
import Testing
@testable import ChartbookCommands

/// Docs/commands.md carries the reference the grammar makes (`CommandReference`), word for
/// word. `RECORD_GOLDENS=1` writes it there, and fails the run like every recording.
@Suite struct CommandReferenceTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Docs/commands.md").standardized

    @Test func docsCarryTheGeneratedReference() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        guard let updated = CommandReference.updated(text) else {
            Issue.record("Docs/commands.md has no generated reference between its markers")
            return
        }
        if updated != text, ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try updated.write(to: Self.document, atomically: true, encoding: .utf8)
            Issue.record("recorded Docs/commands.md's reference: look at it, then run again")
            return
        }
        #expect(
            updated == text,
            "Docs/commands.md's reference differs from the grammar: RECORD_GOLDENS=1 swift test --filter CommandReferenceTests"
        )
    }
}
