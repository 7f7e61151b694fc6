/// The `key=value` options a command takes.
public enum OptionSource: Equatable, Sendable {
    case none
    /// These, whatever came before.
    case fixed([OptionSpec])
    /// A plot's, by the kind typed at operand 0 (`add plot`) or by the plot named there
    /// (`set plot`): `PlotOption.all`.
    case plotKind, plotNamed
}
