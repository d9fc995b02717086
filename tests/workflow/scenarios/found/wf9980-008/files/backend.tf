terraform {
  backend "local" {
    path = "states/one.tfstate"
  }
}
