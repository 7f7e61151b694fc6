import Testing
import ChartbookModel
@testable import ChartbookCommands

@Suite struct CompleterTests {
    var session: Session {
        var h = Harness()
        h.files = InMemoryFiles(["/work/sales.csv": "month,revenue,cost\nJan,1,2\n"])
        h.run("load sales.csv labels=month; gen w walk 10; add plot line revenue; add refline 5")
        return h.session
    }

    func complete(_ text: String) -> Completer.Result {
        let files = InMemoryFiles([
            "/work/data/a.csv": "", "/work/data/b.tsv": "", "/work/docs/x.cb": "",
            "/work/.hidden": "", "/work/odd/my data;1.csv": "",
            "/work/odd/e\u{1B}]0;x\u{7}.csv": "",
            "/work/odd/sub dir/z.csv": "",
        ])
        return Completer(files: files).complete(text, session: session)
    }

    @Test func verbsAndNouns() {
        #expect(complete("ad").candidates == ["add "])
        #expect(complete("add pl").candidates == ["plot "])
        #expect(
            complete("show; s").candidates == [
                "set ", "scroll ", "select ", "show ", "snapshot ", "source ", "save ",
            ])
        #expect(
            complete("save ").candidates == [
                "svg ", "png ", "pdf ", "vegalite ", "html ", "csv ", "script ",
            ])
        // Kinds by name and alias; a command's options from the grammar.
        #expect(complete("add plot sc").candidates == ["scatter "])
        #expect(complete("add plot hi").candidates == ["histogram ", "hist "])
        #expect(complete("snapshot ").candidates == ["on ", "off "])
        #expect(complete("help hist").candidates == ["history ", "histogram ", "hist "])
        #expect(complete("save svg da").candidates == ["data/"])
        #expect(complete("set c").candidates == ["color ", "canvas "])
    }

    /// Real x axes: the plot's own columns after x=, by= and where=; scales and axes by name.
    @Test func realXOptions() {
        #expect(
            complete("add plot line sales.revenue x=").candidates == [
                "month ", "revenue ", "cost ",
            ])
        #expect(complete("add plot line sales.revenue by=c").candidates == ["cost "])
        #expect(complete("set plot revenue where=r").candidates == ["revenue="])
        #expect(
            complete("add plot line sales.revenue axis=").candidates == [
                "left ", "right ", "left2 ", "right2 ",
            ])
        #expect(complete("set xscale l").candidates == ["linear ", "log "])
        #expect(complete("select ").candidates == ["last ", "none ", "x="])
        #expect(complete("load data/a.csv time=").candidates == ["epoch ", "epochms "])
    }

    @Test func plotKindsSeriesAndOptionKeys() {
        #expect(complete("add plot l").candidates == ["line "])
        #expect(complete("add plot line s").candidates == ["sales.revenue ", "sales.cost "])
        #expect(complete("add plot line w").candidates == ["w ", "w.w "])
        #expect(complete("add plot line w col").candidates == ["color="])
        #expect(
            complete("add plot bar w ").candidates == [
                "as ", "color=", "width=", "outline=", "outlinewidth=", "rounded=", "labels=",
                "sort=", "x=", "by=", "where=", "facet=", "axis=", "agg=", "bin=", "top=",
                "rolling=", "running=", "change=",
            ])
        #expect(complete("add plot area w fi").candidates == ["fill=", "fillcolor="])
    }

    /// Issue 31: Tab completes the cells after `where=COLUMN=` (and `!=`); a cell with blanks
    /// makes the whole filter a string.
    @Test func filterValuesAfterWhere() {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/w.csv": "day,t,sky\n1,3,sun\n2,5,fog\n3,-1,sun\n4,2,New York\n"
        ])
        h.run("load w.csv")
        let completer = Completer(files: h.files)
        #expect(
            completer.complete("add plot line w.t where=sky=", session: h.session).candidates
                == ["sky=sun ", "sky=fog ", "\"sky=New York\" "])
        #expect(
            completer.complete("add plot line w.t where=sky!=f", session: h.session).candidates
                == ["sky!=fog "])
        #expect(
            completer.complete("add plot line w.t where=sky=N", session: h.session).candidates
                == ["\"sky=New York\" "])
        #expect(
            completer.complete("add plot line w.t where=s", session: h.session).candidates
                == ["sky="])
    }

    /// After `let D.C =`: the dataset's columns and the functions, also after an operator or
    /// an opening parenthesis.
    @Test func expressionsCompleteColumnsAndFunctions() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/w.csv": "day,t,sky\n1,3,sun\n"])
        h.run("load w.csv")
        let completer = Completer(files: h.files)
        let complete = { (text: String) in completer.complete(text, session: h.session).candidates }
        #expect(complete("let w.k = conc") == ["concat("])
        #expect(complete("let w.k = s") == ["sky ", "sqrt("])
        #expect(complete("let w.k = t + ").contains("day "))
        // The word typed is replaced whole: what comes before the name stays.
        #expect(complete("let w.k = lower(s") == ["lower(sky ", "lower(sqrt("])
        #expect(complete("let w.k = t*s") == ["t*sky ", "t*sqrt("])
    }

    @Test func enumValuesAfterEquals() {
        #expect(
            complete("add plot line w style=sm")
                == Completer.Result(partial: "sm", candidates: ["smooth "]))
        #expect(complete("set reflines style=d").candidates == ["dashed ", "dotted "])
        #expect(
            complete("add plot dot w marker=").candidates == [
                "circle ", "square ", "diamond ", "cross ",
            ])
        #expect(complete("set reflines format=p").candidates == ["plain ", "percent "])
    }

    @Test func namesFromTheSession() {
        #expect(complete("describe ").candidates == ["sales ", "w "])
        #expect(complete("remove plot ").candidates == ["revenue "])
        #expect(complete("set plot revenue w").candidates == ["width=", "where="])
        #expect(complete("remove refline ").candidates == ["r1 ", "5 "])
        #expect(
            complete("set labels sa").candidates == [
                "sales ", "sales.month ", "sales.revenue ", "sales.cost ",
            ])
        #expect(complete("add plot line sales.revenue color=re").candidates == ["red "])
    }

    @Test func paths() {
        #expect(complete("load da").candidates == ["data/"])
        #expect(complete("load data/").candidates == ["data/a.csv ", "data/b.tsv "])
        #expect(complete("source d").candidates == ["data/", "docs/"])
        #expect(complete("load \"data/a").candidates == ["\"data/a.csv\" "])
        #expect(complete("load .h").candidates == [".hidden "])
        #expect(!complete("load ").candidates.contains(".hidden "))
    }

    @Test func quotedColumnsCompleteFromTheirPlainSpelling() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/u.csv": "day,my col\n1,5\n"])
        h.run("load u.csv")
        let completer = Completer(files: h.files)
        #expect(
            completer.complete("add plot line u.my", session: h.session).candidates == [
                #"u."my col" "#
            ])
        #expect(
            completer.complete("add plot line u.\"my", session: h.session).candidates == [
                #"u."my col" "#
            ])
    }

    /// Names that need quotes come quoted (`;` would end the command); control characters
    /// never reach the terminal through the candidate list.
    @Test func oddFileNames() {
        #expect(complete("load odd/my").candidates == [#""odd/my data;1.csv" "#])
        #expect(
            complete("load odd/e").candidates == [
                "odd/e\u{FFFD}]0;x\u{FFFD}.csv".quotedForTest + " "
            ])
        #expect(complete("load odd/su").candidates == [#""odd/sub dir/"#])
    }
}

extension String {
    /// As `ScriptQuoting` writes a name with `;` in it.
    fileprivate var quotedForTest: String { "\"" + self + "\"" }
}

/// Issue 10, item 6: `load FILE labels=` and `x=` offer the file's own columns.
@Suite struct LoadColumnCompletionTests {
    @Test func columnsFromTheFileHeader() {
        let files = InMemoryFiles(["/work/w.csv": "date;\"temp max\";kind\n2012-01-01;3;sun\n"])
        let completer = Completer(files: files)
        #expect(
            completer.complete("load w.csv labels=", session: Session()).candidates == [
                "date ", "\"temp max\" ", "kind ",
            ])
        #expect(
            completer.complete("load w.csv as w x=d", session: Session()).candidates == ["date "])
        #expect(completer.complete("load nope.csv x=", session: Session()).candidates == ["none "])
    }
}
