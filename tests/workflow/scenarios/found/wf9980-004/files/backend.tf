terraform {
  backend "local" {
    path = "one.tfstate"
  }
}
