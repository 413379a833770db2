import AsyncHTTPClient
import Foundation
import NIOCore
import ThriveCore

/// A hosted coach: Anthropic's Messages API over HTTPS. It is sent the conversation's latest
/// messages and the tone; the person's habits and program go too only when they turned that on.
/// Images never leave the server, and neither does the person's name.
struct AnthropicCoachProvider: CoachProvider {
    let configuration: HostedCoachConfiguration
    let client: HTTPClient

    static let apiVersion = "2023-06-01"
    /// The latest messages sent for context, the one just written among them.
    static let historyLength = 20

    var name: String { t("coach.provider.anthropic") }

    func reply(to request: CoachRequest) async throws -> [CoachReply] {
        var http = HTTPClientRequest(url: configuration.baseURL + "/v1/messages")
        http.method = .POST
        http.headers.add(name: "x-api-key", value: configuration.apiKey)
        http.headers.add(name: "anthropic-version", value: Self.apiVersion)
        http.headers.add(name: "content-type", value: "application/json")
        http.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(Self.body(request, model: configuration.model))))
        let data: ByteBuffer
        do {
            let response = try await client.execute(http, timeout: .seconds(Int64(configuration.timeoutSeconds)))
            data = try await response.body.collect(upTo: 1 << 20)
            guard response.status == .ok else {
                throw CoachProviderError(reason: .refused, status: Int(response.status.code))
            }
        } catch let error as CoachProviderError {
            throw error
        } catch let error as HTTPClientError
            where [.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error)
        {
            throw CoachProviderError(reason: .timeout)
        } catch {
            throw CoachProviderError(reason: .unreachable)
        }
        guard let answer = try? JSONDecoder().decode(MessagesResponse.self, from: Data(buffer: data)) else {
            throw CoachProviderError(reason: .unreadable)
        }
        let text = answer.content.compactMap { $0.type == "text" ? $0.text : nil }.joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw CoachProviderError(reason: .unreadable) }
        return [CoachReply(text: String(text.prefix(CoachMessageDraft.maximumLength * 2)))]
    }

    /// The request body: instructions, then the conversation as alternating turns starting with the
    /// person's (the API's rule), consecutive messages of one side joined.
    static func body(_ request: CoachRequest, model: String) -> MessagesRequest {
        var turns: [MessagesRequest.Turn] = []
        for message in request.history.suffix(historyLength) {
            let role = message.author == .person ? "user" : "assistant"
            var text = message.text
            // The on-device coach greets by name; that stays home. The person's own words go as written.
            if message.author == .coach, let name = request.facts.name, name.count > 1 {
                text = text.replacingOccurrences(of: name, with: "[name]")
            }
            if message.attachment != nil {
                text += (text.isEmpty ? "" : "\n") + "[The person attached a photo. It is not shared.]"
            }
            if text.isEmpty { continue }
            if let last = turns.last, last.role == role {
                turns[turns.count - 1] = .init(role: role, content: last.content + "\n\n" + text)
            } else if !(turns.isEmpty && role == "assistant") {
                turns.append(.init(role: role, content: text))
            }
        }
        return MessagesRequest(model: model, maxTokens: 400, system: system(request), messages: turns)
    }

    static func system(_ request: CoachRequest) -> String {
        var lines = [
            "You are the habit coach inside Thrive, a personal health app. Help the person build and keep their habits, "
                + "routines and programs, in a \(toneWords[request.facts.tone] ?? "warm") tone.",
            "You are not a doctor, nurse or any other clinician. Never diagnose, never suggest medicines or doses; for a "
                + "medical question, tell the person to ask their doctor. If they may be in danger, tell them to call their "
                + "local emergency number now.",
            "Answer in \(languageNames[request.language] ?? "English"), in at most 80 words.",
        ]
        let pillars = request.facts.today.filter { request.sharedCategories.contains($0.category) }
        if request.sharesFacts || !pillars.isEmpty { lines.append("What the person's app shows today:") }
        if request.sharesFacts {
            lines += request.facts.habits.map { habit in
                "- Habit \"\(habit.name)\": \(habit.outcome.rawValue) today, \(habit.streak)-day streak (best \(habit.bestStreak))"
                    + (habit.missedYesterday ? ", missed yesterday" : "")
            }
            lines += request.facts.programs.map { "- Program \"\($0.title)\": day \($0.day) of \($0.length)" }
        }
        lines += pillars.map(Self.line)
        return lines.joined(separator: "\n")
    }

    /// One pillar's figure, for a kind of data the person lets leave the server.
    static func line(_ pillar: CoachFacts.FocusToday) -> String {
        switch pillar {
        case .fitness(let steps): steps.map { "- Steps so far today: \($0)" } ?? "- No steps recorded yet today"
        case .nutrition(let meals): "- Meals and foods logged today: \(meals)"
        case .wellbeing(let checkedIn): checkedIn ? "- Checked in (mood) today" : "- Not checked in (mood) yet today"
        }
    }

    static let toneWords: [CoachingTone: String] = [
        .supportive: "warm and supportive", .motivational: "energetic and motivating", .direct: "brief and direct",
        .gentle: "gentle and patient",
    ]
    static let languageNames: [Language: String] = [
        .en: "English", .es: "Spanish", .fr: "French", .de: "German", .pt: "Portuguese",
    ]

    struct MessagesRequest: Codable, Equatable {
        struct Turn: Codable, Equatable {
            let role: String
            let content: String
        }

        let model: String
        let maxTokens: Int
        let system: String
        let messages: [Turn]

        enum CodingKeys: String, CodingKey {
            case model, system, messages
            case maxTokens = "max_tokens"
        }
    }

    struct MessagesResponse: Decodable {
        struct Block: Decodable {
            let type: String
            let text: String?
        }

        let content: [Block]
    }
}
