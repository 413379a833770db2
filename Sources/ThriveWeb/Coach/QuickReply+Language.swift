import ThriveCore

extension QuickReply {
    /// The button in the reader's language when it is one of the on-device coach's own (known by
    /// its payload): a button is interface, not a letter, so it follows the language setting.
    var inReadersLanguage: QuickReply {
        guard RuleBasedCoach.Payload(rawValue: payload) != nil else { return self }
        return QuickReply(label: t("coach.reply.\(payload)"), payload: payload)
    }
}
