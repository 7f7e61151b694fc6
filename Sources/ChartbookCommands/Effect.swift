/// What a command asks the shell to do after it succeeded.
public enum Effect: Equatable, Sendable {
    /// Print text (a listing, help, a description). Already sanitised.
    case print(String)
    /// The chart changed (or `show` asked): draw it.
    case render
    /// Leave the program.
    case quit
}
