/// Input a person can correct: names the field and says what a valid value looks like.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { message }
}
