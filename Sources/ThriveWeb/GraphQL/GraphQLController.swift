import Foundation
import GraphQL
import Hummingbird
import NIOCore
import ThriveCore

/// `POST /api/v1/graphql`: `{"query": …, "variables": {…}, "operationName": …}` as GraphQL over
/// HTTP has it. A request that cannot run (not JSON, no query, a syntax error, too deep or too
/// large, not valid against the schema) is answered 400 with GraphQL's `errors`; one that ran is
/// 200, its field errors (another person's id, a bad cursor) beside the data.
struct GraphQLController {
    let services: AppServices
    static let bodyLimit = 16 * 1024
    static let documents = GraphQLDocuments()

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.post("graphql") { request, context -> Response in
            let owner = try context.requireUser()
            let asked = try await Self.request(request)
            let document: Document
            if let known = Self.documents.document(asked.query) {
                document = known
            } else {
                do {
                    document = try parse(source: asked.query)
                } catch let error as GraphQLError {
                    return try Self.refusal(t("graphql.syntax", ["detail": error.message]))
                }
                let measure = GraphQLLimits.measure(document)
                if measure.depth > GraphQLLimits.maximumDepth {
                    return try Self.refusal(t("graphql.tooDeep", ["max": "\(GraphQLLimits.maximumDepth)"]))
                }
                if measure.fields > GraphQLLimits.maximumFields {
                    return try Self.refusal(t("graphql.tooLarge", ["max": "\(GraphQLLimits.maximumFields)"]))
                }
                let problems = validate(schema: LabGraphQL.schema.schema, ast: document)
                guard problems.isEmpty else {
                    return try jsonResponse(GraphQLResult(data: nil, errors: problems), status: .badRequest)
                }
                Self.documents.remember(document, for: asked.query)
            }
            let result = try await execute(
                schema: LabGraphQL.schema.schema, documentAST: document, rootValue: LabGraphQL.Resolver(),
                context: LabGraphQL.Context(caller: owner, labs: services.labs, family: services.family),
                variableValues: asked.variables, operationName: asked.operationName)
            return try jsonResponse(result, status: result.data == nil ? .badRequest : .ok)
        }
    }

    private static func request(_ request: Request) async throws -> GraphQLRequest {
        let data = try await StrictJSON.body(request, limit: bodyLimit)
        do {
            return try JSONDecoder().decode(GraphQLRequest.self, from: data)
        } catch {
            throw AppError.badRequest(t("graphql.body"), field: "query")
        }
    }

    private static func refusal(_ message: String) throws -> Response {
        try jsonResponse(GraphQLResult(data: nil, errors: [GraphQLError(message: message)]), status: .badRequest)
    }
}
