/// A highlighted point, shared by every plot.
public enum Selection: Equatable, Sendable {
    /// Point index, 0-based.
    case index(Int)
    /// The newest point; follows the data as it grows.
    case last
    /// The point of every plot nearest to this x (data units: a number, seconds since the
    /// epoch for time, a slot number for categories).
    case x(Double)
}
