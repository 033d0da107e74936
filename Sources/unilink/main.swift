print("unilink")
