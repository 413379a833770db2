import Foundation
import HTTPTypes
import Hummingbird
import ThriveCore
import ThriveStore

/// An error the caller can act on: an HTTP status, a stable machine code and a sentence for a person.
/// Rendered as `{ "error": { "code", "message" } }` for the API and as a page for the browser.
public struct AppError: Error, Sendable, Equatable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public var field: String?
    /// Seconds, for 429 responses.
    public var retryAfter: Int?

    public init(status: HTTPResponse.Status, code: String, message: String, field: String? = nil, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.retryAfter = retryAfter
    }

    public static func badRequest(_ message: String, field: String? = nil) -> AppError {
        AppError(status: .badRequest, code: "bad_request", message: message, field: field)
    }

    public static func notFound(_ message: String = "There is nothing at this address.") -> AppError {
        AppError(status: .notFound, code: "not_found", message: message)
    }

    /// Maps any error to what the caller sees. Unknown errors become a 500 whose message reveals nothing.
    public init(_ error: any Error) {
        switch error {
        case let error as AppError:
            self = error
        case let error as ValidationError:
            self.init(status: .unprocessableContent, code: "invalid_input", message: error.message, field: error.field)
        case StoreError.conflict(let field):
            self.init(status: .conflict, code: "conflict", message: StoreError.conflict(field).description, field: field)
        case let error as any HTTPResponseError:
            self.init(status: error.status, code: Self.code(for: error.status), message: Self.message(for: error.status))
        default:
            self.init(
                status: .internalServerError, code: "internal_error",
                message: "Something went wrong on our side and nothing was changed. Please try again.")
        }
    }

    static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .contentTooLarge: "payload_too_large"
        case .unsupportedMediaType: "unsupported_media_type"
        case .unauthorized: "unauthenticated"
        case .forbidden: "forbidden"
        default: status.code >= 500 ? "internal_error" : "bad_request"
        }
    }

    static func message(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "There is nothing at this address."
        case .methodNotAllowed: "This address does not accept that method."
        case .contentTooLarge: "The request is too large. Send less data per request."
        case .unsupportedMediaType: "Send the body as application/json."
        default:
            status.code >= 500 ? "Something went wrong on our side. Please try again." : "The request could not be understood."
        }
    }
}
