variable "size" {
  type = number
  default = 2
}

variable "name" {
  type = string
  default = "alpha"
  sensitive = true
}
