/// Several checks of one form, each run whatever the others found, so a person sees every problem
/// at once instead of one per attempt.
public struct ValidationProblems: Sendable {
    public private(set) var all: [ValidationError] = []

    public init() {}

    public var isEmpty: Bool { all.isEmpty }

    /// Runs `check` and keeps the problem it finds (one per field: the first); answers its value, or
    /// nil when it found a problem.
    @discardableResult
    public mutating func check<T>(_ check: () throws(ValidationError) -> T) -> T? {
        do {
            return try check()
        } catch {
            add(error)
            return nil
        }
    }

    public mutating func add(_ problem: ValidationError) {
        guard !all.contains(where: { $0.field == problem.field }) else { return }
        all.append(problem)
    }

    /// Throws every problem found, if any.
    public func finish() throws(ValidationErrors) {
        guard all.isEmpty else { throw ValidationErrors(all) }
    }
}

/// Every problem of one form, each with its field.
public struct ValidationErrors: Error, Hashable, Sendable {
    public let all: [ValidationError]

    public init(_ all: [ValidationError]) { self.all = all }
}
