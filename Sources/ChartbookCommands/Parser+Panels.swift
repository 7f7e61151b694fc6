import ChartbookModel

/// `add panel`, `panel N`, `remove panel [N]`, `set layout …`.
extension Parser {
    static func selectPanel(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.quantity("a panel number", 1...Session.maxPanels))
        try c.expectEnd()
        let number = try ValueParser.integer(token, "a panel number", in: 1...Session.maxPanels)
        return .selectPanel(Located(number, at: token.range))
    }

    static func removePanel(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        guard !c.atEnd else { return .removePanel(nil) }
        let token = try c.word(.quantity("a panel number", 1...Session.maxPanels))
        try c.expectEnd()
        let number = try ValueParser.integer(token, "a panel number", in: 1...Session.maxPanels)
        return .removePanel(Located(number, at: token.range))
    }

    static func setLink(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.words(PanelLink.allCases.map(\.rawValue)))
        try c.expectEnd()
        return .setLink(try ValueParser.choice(token, key: "link", as: PanelLink.self))
    }

    static func setLayout(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.cellSize)
        try c.expectEnd()
        if token.text.lowercased() == "auto" { return .setLayout(.auto) }
        let (columns, rows) = try ValueParser.size(token, key: "layout", limit: Session.maxPanels)
        return .setLayout(.grid(columns: columns, rows: rows))
    }
}
