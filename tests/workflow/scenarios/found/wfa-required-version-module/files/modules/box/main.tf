terraform {
  required_version = ">= 99.0"
}

module "inner" {
  source = "../inner"
}

resource "terraform_data" "in" {}
