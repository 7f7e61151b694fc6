import ChartbookKit; print(smoke(), terminator: "")
