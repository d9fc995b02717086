locals {    a = 1    }
resource "terraform_data" "x" {}
resource "terraform_data" "y" {   }
variable "v" {default=1}
variable "w" { type = string }
terraform { required_version = ">= 1.0" }
