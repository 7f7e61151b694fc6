#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import ChartbookModel
import ChartbookTerminal

/// Pictures inside tmux: passed through to the terminal outside when tmux allows it
/// (`set -g allow-passthrough on`), placed at the pane's rows on that terminal's screen.
extension TerminalEnvironment {
    /// The tmux server's socket path (`TMUX`), nil outside tmux.
    var tmux: String? {
        guard let value = variables["TMUX"], !value.isEmpty else { return nil }
        return value
    }

    /// Inside tmux: nothing unless tmux passes sequences through (`allow-passthrough` on or
    /// all) and the terminal outside is known — `--pictures`, or kitty by the client's
    /// `TERM` (`xterm-kitty`); tmux 3.3 does not say whether it shows sixel, so sixel and
    /// iTerm2's protocol must be declared. The cell size from the pane (ioctl, `CSI 16 t`).
    func tmuxPictureSupport() -> (picture: PictureProtocol?, cell: PixelSize?) {
        guard stdoutIsTerminal, canAsk,
            let allowed = tmuxAsk(["show-options", "-Apv", "allow-passthrough"]),
            ["on", "all"].contains(allowed)
        else { return (nil, nil) }
        let outside = tmuxAsk(["display-message", "-p"] + pane + ["#{client_termname}"])
        guard let picture = declaredPictures ?? (outside == "xterm-kitty" ? .kitty : nil) else {
            return (nil, nil)
        }
        return (picture, cellPixels(ask("\u{1B}[16t")))
    }

    /// Whether tmux passes sequences through to the terminal outside (`allow-passthrough`).
    var tmuxPassesPictures: Bool {
        ["on", "all"].contains(tmuxAsk(["show-options", "-Apv", "allow-passthrough"]) ?? "")
    }

    /// Where a picture drawn from `start` lands on the terminal outside: the pane's place
    /// (asked of tmux at each drawing: panes move) and the drawing's first row. At the
    /// cursor, `rows` rows are made first (newlines, then back up) and the cursor's row asked
    /// (`CSI 6 n`, which tmux answers once it has drawn everything written before): the
    /// drawing then scrolls nothing — a pane scrolled after a picture was placed moves its
    /// text, not the terminal's picture (tried: kitty lost it). nil when tmux does not say.
    func passthrough(startingAt start: DrawingStart, rows: Int) -> Passthrough? {
        guard
            let answer = tmuxAsk(
                ["display-message", "-p"] + pane + ["#{pane_top} #{pane_left} #{pane_height}"]),
            case let numbers = answer.split(separator: " ").compactMap({ Int($0) }),
            numbers.count == 3
        else { return nil }
        let row: Int
        switch start {
        case .row(let fixed): row = fixed
        case .cursor:
            let rows = min(max(rows, 1), numbers[2])
            let room = String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A"
            guard let cursor = TerminalReply(ask(room + "\u{1B}[6n")).cursorRow else { return nil }
            row = cursor - 1
        }
        return Passthrough(
            paneTop: numbers[0], paneLeft: numbers[1], paneRows: numbers[2], startRow: row,
            imageID: Int(getpid()))
    }

    /// What deletes the kitty pictures this process drew (nothing for sixel and iTerm2,
    /// which what is drawn next covers, or before any picture): through tmux its own only.
    func pictureClearing() -> String {
        guard pictureAnswer.value?.picture == .kitty else { return "" }
        return PictureWriter(.kitty).clearPictures(
            passedThroughAs: tmux == nil ? nil : Int(getpid()))
    }

    /// `-t PANE` for this process's pane (`TMUX_PANE`), else tmux's current one.
    private var pane: [String] {
        variables["TMUX_PANE"].map { ["-t", $0] } ?? []
    }

    /// What `tmux ARGUMENTS` prints (its first line), nil when it fails or cannot be run.
    private func tmuxAsk(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
