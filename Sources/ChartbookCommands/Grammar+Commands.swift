import ChartbookModel
import ChartbookData

extension Grammar {
    /// Every command, grouped as `help` lists them (a group's commands in this order); the
    /// `save FORMAT` commands come from the export formats (`ExportFormat.all`).
    public static let commands: [CommandSpec] = table + ExportFormat.all.map(\.command)

    static let table: [CommandSpec] =
        dataCommands + plotsCommands + linesCommands + axesCommands + viewCommands + outputCommands
        + sessionCommands
}
