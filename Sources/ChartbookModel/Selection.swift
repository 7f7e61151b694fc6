/// A highlighted point, shared by every plot.
public enum Selection: Equatable, Sendable {
    /// Point index, 0-based.
    case index(Int)
    /// The newest point; follows the data as it grows.
    case last
}
