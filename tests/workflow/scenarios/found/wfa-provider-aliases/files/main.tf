provider "terraform" {}

provider "terraform" {
  alias = "second"
}

resource "terraform_data" "a" {
  provider = terraform.second
  input    = "x"
}

resource "terraform_data" "b" {}
