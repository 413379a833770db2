import GraphQL

/// What one GraphQL request may ask for, checked on the parsed document before anything runs: a
/// query nested deeper than `maximumDepth` or selecting more than `maximumFields` fields (counted
/// through fragments, each spread as often as it is used) is refused with a message saying which.
/// The spec's queries are 4 deep with 24 fields.
enum GraphQLLimits {
    static let maximumDepth = 8
    static let maximumFields = 200

    struct Measure: Equatable {
        var depth = 0
        var fields = 0
    }

    /// The deepest selection and the number of fields of the document's operations.
    static func measure(_ document: Document) -> Measure {
        var fragments: [String: SelectionSet] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            fragments[fragment.name.value] = fragment.selectionSet
        }
        var measure = Measure()
        for case let operation as OperationDefinition in document.definitions {
            walk(operation.selectionSet, depth: 1, fragments: fragments, using: [], into: &measure)
        }
        return measure
    }

    private static func walk(
        _ set: SelectionSet, depth: Int, fragments: [String: SelectionSet], using: Set<String>, into measure: inout Measure
    ) {
        // A fragment that spreads itself is refused by validation later; here it only must not loop.
        guard measure.fields <= maximumFields, depth <= maximumDepth + 1 else { return }
        for selection in set.selections {
            switch selection {
            case let field as Field:
                measure.fields += 1
                measure.depth = max(measure.depth, depth)
                if let inner = field.selectionSet {
                    walk(inner, depth: depth + 1, fragments: fragments, using: using, into: &measure)
                }
            case let spread as FragmentSpread:
                let name = spread.name.value
                guard !using.contains(name), let inner = fragments[name] else { continue }
                walk(inner, depth: depth, fragments: fragments, using: using.union([name]), into: &measure)
            case let inline as InlineFragment:
                walk(inline.selectionSet, depth: depth, fragments: fragments, using: using, into: &measure)
            default:
                continue
            }
        }
    }
}
