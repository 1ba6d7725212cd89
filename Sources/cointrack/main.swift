import CoinTrackCLI

CoinTrackTool.main()
